import { Alert, Button, Group, Radio, Stack, Table, Text, Textarea } from '@mantine/core';
import { maxBookingNoteLength, type PaymentMode } from '@myprosper/contract/booking';
import { mobileMoneyAmount, walletCoversShare } from '@myprosper/contract/payments';
import { groupShare } from '@myprosper/contract/pricing';
import type { SessionType } from '@myprosper/contract/sessions';
import { useEffect } from 'react';
import { SessionPolicy } from '../../../components/session-policy/session-policy.tsx';
import { bookingTexts } from '../lib/booking-texts.ts';
import { formatKes } from '../lib/money.ts';
import { dateChipLabel, slotLabel } from '../lib/slot-options.ts';
import type { ChosenSlot } from './topic-slot-card.tsx';

interface PaymentOption {
  value: PaymentMode;
  label: string;
  description: string;
  disabled?: boolean;
}

/**
 * The ways to pay a share, given the wallet balance (spec 9): the wallet is offered only when it covers the
 * share, as 'Checkout Session', and then M-PESA is not (what it would ask for is nothing); a part of the share
 * the wallet covers is taken from it before M-PESA asks for the rest. Undefined balance: still loading.
 */
export function paymentOptions(share: number | undefined, balance: number | undefined): PaymentOption[] {
  const wallet = balance ?? 0;
  const isCovered = share !== undefined && balance !== undefined && walletCoversShare(share, wallet);
  const mpesa: PaymentOption = isCovered
    ? { value: 'MPESA', label: 'M-PESA', description: bookingTexts.mpesaCoveredByWallet, disabled: true }
    : {
        value: 'MPESA',
        label: 'M-PESA',
        description:
          share !== undefined && wallet > 0
            ? bookingTexts.mpesaWithWallet(
                formatKes(share - mobileMoneyAmount(share, wallet)),
                formatKes(mobileMoneyAmount(share, wallet)),
              )
            : 'Pay from your phone',
      };
  return [
    ...(isCovered
      ? [
          {
            value: 'WALLET' as const,
            label: bookingTexts.checkoutSession,
            description: bookingTexts.walletCovers(formatKes(wallet)),
          },
        ]
      : []),
    mpesa,
    { value: 'CARD', label: 'Card', description: 'Visa or Mastercard' },
    { value: 'VOUCHER', label: 'Voucher', description: 'Use a gift voucher code' },
  ];
}

/** The statement: what is booked and what it costs, a note to the mentor, how to pay, and the hold notice. */
export function StatementStep({
  mentorName,
  slot,
  sessionType,
  otherPhones,
  price,
  walletBalance,
  paymentMode,
  onPaymentModeChange,
  note,
  onNoteChange,
  onBack,
  onConfirm,
  isSubmitting,
}: {
  mentorName: string;
  slot: ChosenSlot;
  sessionType: SessionType;
  otherPhones: string[];
  /** The whole price of the session, KES; undefined while it loads. */
  price: number | undefined;
  /** The booker's wallet balance, KES; undefined while it loads (or when it cannot be read). */
  walletBalance: number | undefined;
  paymentMode: PaymentMode;
  onPaymentModeChange: (mode: PaymentMode) => void;
  note: string;
  onNoteChange: (note: string) => void;
  onBack: () => void;
  onConfirm: () => void;
  isSubmitting: boolean;
}) {
  const isGroup = sessionType === 'GROUP';
  const share = price === undefined ? undefined : isGroup ? groupShare(price, otherPhones.length) : price;
  const options = paymentOptions(share, walletBalance);
  const isOffered = options.some((option) => option.value === paymentMode && !option.disabled);
  const firstOffered = options.find((option) => !option.disabled)?.value ?? 'MPESA';
  // A way of paying that is not offered (the wallet does not cover the share, or covers it so M-PESA asks
  // nothing) is replaced by the first one offered, in sight, before anything is booked.
  useEffect(() => {
    if (!isOffered) onPaymentModeChange(firstOffered);
  }, [isOffered, firstOffered, onPaymentModeChange]);

  const rows: [string, string][] = [
    ['Mentor', mentorName],
    ['Topic', slot.topic.name],
    ['Date', dateChipLabel(slot.date)],
    ['Time', `${slotLabel(slot.time)} (East Africa Time)`],
    [
      'Session',
      isGroup
        ? `Group, you and ${otherPhones.length} other${otherPhones.length === 1 ? '' : 's'}`
        : 'Individual',
    ],
  ];
  if (isGroup) rows.push(['Other attendees', otherPhones.map((p) => `+${p}`).join(', ')]);
  if (price !== undefined) {
    rows.push([isGroup ? 'Group price' : 'Price', formatKes(price)]);
    if (isGroup) rows.push(['Your share', formatKes(groupShare(price, otherPhones.length))]);
  }
  const noteTooLong = note.trim().length > maxBookingNoteLength;

  return (
    <Stack gap="md">
      <Table variant="vertical" layout="fixed" withTableBorder fz="sm">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={{ base: 112, xs: 140 }}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Textarea
        label={bookingTexts.noteLabel}
        description={bookingTexts.noteDescription}
        value={note}
        onChange={(event) => onNoteChange(event.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={maxBookingNoteLength}
        error={
          noteTooLong
            ? `Your note to the mentor can have at most ${maxBookingNoteLength} characters`
            : undefined
        }
      />
      <Radio.Group
        label="How would you like to pay?"
        value={paymentMode}
        onChange={(value) => onPaymentModeChange(value as PaymentMode)}
      >
        <Stack gap="xs" mt="xs">
          {options.map((option) => (
            <Radio
              key={option.value}
              value={option.value}
              label={option.label}
              description={option.description}
              disabled={option.disabled}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Alert color="blue" variant="light" p="sm">
        <Text fz="sm" fw={600}>
          {bookingTexts.holdNotice}
        </Text>
      </Alert>
      <SessionPolicy />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={isSubmitting}>
          Back
        </Button>
        <Button onClick={onConfirm} loading={isSubmitting} disabled={noteTooLong || !isOffered}>
          {paymentMode === 'WALLET' ? bookingTexts.checkoutSession : 'Confirm booking'}
        </Button>
      </Group>
    </Stack>
  );
}
