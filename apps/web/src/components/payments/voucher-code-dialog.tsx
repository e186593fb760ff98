import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { voucherMessages } from '@myprosper/contract/vouchers';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../form-error.tsx';

/**
 * The voucher code dialog (spec 2, 4): the gift voucher's code, which pays the session with the mentor and
 * program it was bought for. The server's answer ('Invalid voucher code', 'This voucher has already been
 * used', …) shows in the dialog, so the code can be corrected.
 */
export function VoucherCodeDialog({
  opened,
  isSubmitting,
  error,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  isSubmitting: boolean;
  /** The last refusal, shown under the field. */
  error: string | null;
  onSubmit: (code: string) => void;
  onClose: () => void;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (opened) {
      setCode('');
      setProblem(null);
    }
  }, [opened]);

  useEffect(() => setProblem(error), [error]);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (code.trim() === '') {
      setProblem(voucherMessages.enterCode);
      return;
    }
    setProblem(null);
    onSubmit(code.trim());
  }

  return (
    <Modal
      opened={opened}
      onClose={() => !isSubmitting && onClose()}
      title="Pay with a voucher"
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm">
            Enter the code of your gift voucher. It pays for one session with its mentor and program.
          </Text>
          <TextInput
            label="Voucher code"
            placeholder="ABCD-EFGH-JKMN-PQRS"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setProblem(null);
            }}
            error={problem !== null}
            data-autofocus
          />
          <FormError message={problem} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Use voucher
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
