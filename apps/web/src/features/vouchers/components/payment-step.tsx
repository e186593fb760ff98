import { Radio, Stack, Table, Text } from '@mantine/core';
import { formatKes } from '@myprosper/contract/payments';
import type { VoucherPaymentMode } from '@myprosper/contract/vouchers';
import { SessionPolicy } from '../../../components/session-policy/session-policy.tsx';

const paymentOptions: { value: VoucherPaymentMode; label: string; description: string }[] = [
  { value: 'CARD', label: 'Card', description: 'Visa or Mastercard, on the card provider’s secure page' },
  { value: 'MPESA', label: 'Mobile money (M-PESA)', description: 'A PIN prompt on your phone' },
];

/** Step 3: what is bought and what it costs, and how to pay: card or mobile money. */
export function PaymentStep({
  rows,
  price,
  paymentMode,
  onPaymentModeChange,
}: {
  rows: [string, string][];
  /** One individual session, KES. */
  price: number;
  paymentMode: VoucherPaymentMode;
  onPaymentModeChange: (mode: VoucherPaymentMode) => void;
}) {
  return (
    <Stack gap="md">
      <Table variant="vertical" layout="fixed" withTableBorder fz="sm">
        <Table.Tbody>
          {[...rows, ['Price', `${formatKes(price)} (one 1-hour session)`] as [string, string]].map(
            ([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={{ base: 112, xs: 160 }}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
      </Table>
      <Radio.Group
        label="How would you like to pay?"
        value={paymentMode}
        onChange={(value) => onPaymentModeChange(value as VoucherPaymentMode)}
      >
        <Stack gap="xs" mt="xs">
          {paymentOptions.map((option) => (
            <Radio
              key={option.value}
              value={option.value}
              label={option.label}
              description={option.description}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Text fz="sm" c="dimmed">
        The voucher code is made once your payment is received, and sent to the recipient by email and SMS
        with your note. You get a receipt by email.
      </Text>
      <SessionPolicy />
    </Stack>
  );
}
