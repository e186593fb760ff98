import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { formatKes, normaliseMpesaPhone, validateMpesaPhone } from '@myprosper/contract/payments';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../form-error.tsx';

/**
 * The Initiate Payment dialog (spec 2, 5): the mobile money phone, checked by the spec's rule ('Please fill in
 * phone number', 'Invalid phone number'), sent as 254 plus the number without its leading 0.
 */
export function MpesaPhoneDialog({
  opened,
  amount,
  defaultPhone,
  isSubmitting,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  /** What M-PESA will ask for (share less wallet balance); undefined while unknown. */
  amount: number | undefined;
  /** Prefilled in the local form, e.g. '0712 123456'. */
  defaultPhone?: string;
  isSubmitting: boolean;
  /** Gets 2547XXXXXXXX. */
  onSubmit: (phoneNumber: string) => void;
  onClose: () => void;
}) {
  const [phone, setPhone] = useState(defaultPhone ?? '');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (opened) {
      setPhone(defaultPhone ?? '');
      setError(null);
    }
  }, [opened, defaultPhone]);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const problem = validateMpesaPhone(phone);
    setError(problem);
    if (!problem) onSubmit(normaliseMpesaPhone(phone));
  }

  return (
    <Modal
      opened={opened}
      onClose={() => !isSubmitting && onClose()}
      title="Initiate Payment"
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm">
            Enter your M-PESA phone number. You will get a prompt on it to enter your M-PESA PIN
            {amount !== undefined ? ` and pay ${formatKes(amount)}` : ''}.
          </Text>
          <TextInput
            label="M-PESA phone number"
            placeholder="0712 123456"
            inputMode="tel"
            autoComplete="tel-national"
            value={phone}
            onChange={(event) => {
              setPhone(event.currentTarget.value);
              setError(null);
            }}
            error={error !== null}
            data-autofocus
          />
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Pay with M-PESA
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
