import { Alert, Button, Group, Radio, Stack, Table, Text } from '@mantine/core';
import type { PaymentMode } from '@myprosper/contract/booking';
import { groupShare } from '@myprosper/contract/pricing';
import type { SessionType } from '@myprosper/contract/sessions';
import { SessionPolicy } from '../../../components/session-policy/session-policy.tsx';
import { bookingTexts } from '../lib/booking-texts.ts';
import { formatKes } from '../lib/money.ts';
import { dateChipLabel, slotLabel } from '../lib/slot-options.ts';
import type { ChosenSlot } from './topic-slot-card.tsx';

const paymentOptions: { value: PaymentMode; label: string; description: string }[] = [
  { value: 'MPESA', label: 'M-PESA', description: 'Pay from your phone' },
  { value: 'CARD', label: 'Card', description: 'Visa or Mastercard' },
  { value: 'VOUCHER', label: 'Voucher', description: 'Use a gift voucher code' },
  { value: 'WALLET', label: 'Wallet', description: 'Pay from your MyProsper wallet' },
];

/** The statement: what is booked and what it costs, how to pay, and the hold notice. */
export function StatementStep({
  mentorName,
  slot,
  sessionType,
  otherPhones,
  price,
  paymentMode,
  onPaymentModeChange,
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
  paymentMode: PaymentMode;
  onPaymentModeChange: (mode: PaymentMode) => void;
  onBack: () => void;
  onConfirm: () => void;
  isSubmitting: boolean;
}) {
  const isGroup = sessionType === 'GROUP';
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
      <Radio.Group
        label="How would you like to pay?"
        value={paymentMode}
        onChange={(value) => onPaymentModeChange(value as PaymentMode)}
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
        <Button onClick={onConfirm} loading={isSubmitting}>
          Confirm booking
        </Button>
      </Group>
    </Stack>
  );
}
