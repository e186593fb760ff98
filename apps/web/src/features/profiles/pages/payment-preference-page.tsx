import { Skeleton, Stack, Text } from '@mantine/core';
import type { PayoutMethod } from '@myprosper/contract/advisor-settings';
import { useState } from 'react';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePaymentMethods } from '../api/get-payment-methods.ts';
import { LoadError, PageFrame } from '../components/page-frame.tsx';
import { PayoutMethodForm } from '../components/payout-method-form.tsx';
import { PayoutMethodTiles } from '../components/payout-method-tiles.tsx';

/** /payment/preference: how the mentor is paid — M-PESA, bank or PayPal — one of them preferred. */
export function PaymentPreferencePage() {
  useDocumentTitle('Payment Preferences');
  const { user } = useSession();
  const userId = user?.userId ?? null;
  const methods = usePaymentMethods(userId);
  const [open, setOpen] = useState<PayoutMethod | null>(null);

  return (
    <PageFrame heading="Payment Preferences" intro="Where we send your earnings from sessions." size={760}>
      {methods.isError ? (
        <LoadError onRetry={() => void methods.refetch()} />
      ) : !methods.data || userId === null ? (
        <Skeleton height={180} radius="lg" />
      ) : open ? (
        <PayoutMethodForm
          key={open}
          userId={userId}
          method={open}
          saved={methods.data.find((item) => item.method === open)}
          isPreferredAnyway={!methods.data.some((item) => item.method !== open && item.preferred)}
          onBack={() => setOpen(null)}
        />
      ) : (
        <Stack gap="md">
          <Text fw={600}>Choose a payout method to set it up or change it.</Text>
          <PayoutMethodTiles saved={methods.data} onChoose={setOpen} />
        </Stack>
      )}
    </PageFrame>
  );
}
