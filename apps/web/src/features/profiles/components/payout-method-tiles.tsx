import { Badge, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import {
  type PaymentMethodView,
  type PayoutMethod,
  payoutMethods,
} from '@myprosper/contract/advisor-settings';
import type { ReactNode } from 'react';
import { payoutLabels, savedSummary } from '../lib/payout-form.ts';
import { BankIcon, PaypalIcon, PhoneIcon } from './icons.tsx';
import { MpesaVerifiedBadge } from './mpesa-number-choice.tsx';
import classes from './payout.module.css';

export const payoutIcons: Record<PayoutMethod, ReactNode> = {
  MPESA: <PhoneIcon size={28} />,
  BANK: <BankIcon size={28} />,
  PAYPAL: <PaypalIcon size={28} />,
};

/** ', verified' or ', not verified' for a saved M-PESA number (paid only when verified). */
function verifiedWords(saved: PaymentMethodView | undefined): string {
  if (saved?.method !== 'MPESA' || !saved.mpesaPhoneNumber) return '';
  return saved.mpesaVerified ? ', verified' : ', not verified';
}

/** The three methods as icons to choose from, each saying what is saved and whether it is preferred. */
export function PayoutMethodTiles({
  saved,
  onChoose,
}: {
  saved: PaymentMethodView[];
  onChoose: (method: PayoutMethod) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      {payoutMethods.map((method) => {
        const current = saved.find((item) => item.method === method);
        const summary = savedSummary(current);
        return (
          <UnstyledButton
            key={method}
            className={classes.tile}
            data-preferred={current?.preferred || undefined}
            onClick={() => onChoose(method)}
            aria-label={`${payoutLabels[method]}${summary ? `, ${summary}` : ', not set'}${verifiedWords(current)}${current?.preferred ? ', preferred' : ''}`}
          >
            <span className={classes.tileIcon}>{payoutIcons[method]}</span>
            <span className={classes.tileText}>
              <Text component="span" fw={700} fz="lg">
                {payoutLabels[method]}
              </Text>
              <Text
                component="span"
                fz="sm"
                c={summary ? undefined : 'dimmed'}
                style={{ overflowWrap: 'anywhere' }}
              >
                {summary ?? 'Not set'}
              </Text>
              {current?.preferred && (
                <Badge color="teal" variant="light">
                  Preferred
                </Badge>
              )}
              <MpesaVerifiedBadge saved={current} />
            </span>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
