import { Stack, TextInput } from '@mantine/core';
import { PhoneField } from '../../../components/phone-field/phone-field.tsx';
import type { VoucherFormValues } from '../lib/voucher-form.ts';

export interface VoucherStepProps {
  values: VoucherFormValues;
  set: <K extends keyof VoucherFormValues>(field: K, value: VoucherFormValues[K]) => void;
  /** The step's rule failed: its fields are marked. */
  hasProblem: boolean;
}

/** Step 1: who receives the voucher (full name, e-mail, phone). */
export function RecipientStep({ values, set, hasProblem }: VoucherStepProps) {
  return (
    <Stack gap="md">
      <TextInput
        label="Recipient's full name"
        placeholder="Jane Wanjiru"
        autoComplete="off"
        value={values.recipientName}
        onChange={(event) => set('recipientName', event.currentTarget.value)}
        error={hasProblem && values.recipientName.trim().split(/\s+/).filter(Boolean).length < 2}
      />
      <TextInput
        label="Recipient's email"
        type="email"
        placeholder="jane@example.com"
        autoComplete="off"
        value={values.recipientEmail}
        onChange={(event) => set('recipientEmail', event.currentTarget.value)}
        error={hasProblem && values.recipientEmail.trim() === ''}
      />
      <PhoneField
        label="Recipient's phone"
        name="recipientPhoneNumber"
        value={values.recipientPhone}
        onChange={(phone) => set('recipientPhone', phone)}
        error={hasProblem && values.recipientPhone.number.trim() === ''}
        description="The voucher code is sent to this phone by SMS and to the email above."
      />
    </Stack>
  );
}
