import { Alert, Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type {
  PaymentMethodView,
  PayoutMethod,
  UpdatePaymentMethodRequest,
} from '@myprosper/contract/advisor-settings';
import { messages } from '@myprosper/contract/messages';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useBanks } from '../api/get-banks.ts';
import { useUpdatePaymentMethod } from '../api/update-payment-method.ts';
import { checkPayoutForm, payoutLabels, savedSummary } from '../lib/payout-form.ts';
import { BackIcon } from './icons.tsx';
import {
  MpesaSavedState,
  MpesaVerifiedBadge,
  mpesaPayoutTexts,
  OwnNumberChoice,
  VerifyOtherNumber,
} from './mpesa-number-choice.tsx';
import { payoutIcons } from './payout-method-tiles.tsx';

interface Fields {
  mpesaPhoneNumber: string;
  bankName: string;
  branch: string;
  accountName: string;
  accountNumber: string;
  paypalEmail: string;
}

/** One payout method's section: its fields, 'Set as preferred', Save, and Back to the three methods. */
export function PayoutMethodForm({
  userId,
  method,
  saved,
  isPreferredAnyway,
  onBack,
}: {
  userId: number;
  method: PayoutMethod;
  saved: PaymentMethodView | undefined;
  /** No other method is preferred: the server makes this one preferred whatever is ticked. */
  isPreferredAnyway: boolean;
  onBack: () => void;
}) {
  const save = useUpdatePaymentMethod(userId);
  // Numbers come back masked, so they are typed again; names and the PayPal address are kept.
  const [fields, setFields] = useState<Fields>({
    mpesaPhoneNumber: '',
    bankName: saved?.bankName ?? '',
    branch: saved?.branch ?? '',
    accountName: saved?.accountName ?? '',
    accountNumber: '',
    paypalEmail: saved?.paypalEmail ?? '',
  });
  const [preferred, setPreferred] = useState(saved?.preferred ?? isPreferredAnyway);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  // M-PESA: the number being proven by its code (issue 21), once it was checked.
  const [verifying, setVerifying] = useState<string | null>(null);
  const summary = savedSummary(saved);
  const headingId = useId();

  const set = (field: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setProblem(null);
    setVerifying(null);
  };
  const isInvalid = (field: keyof Fields) =>
    problem !== null &&
    (problem.field === field || (problem.message === messages.fillAllFields && fields[field].trim() === ''));

  function body(): UpdatePaymentMethodRequest {
    if (method === 'MPESA') return { method, preferred, mpesaPhoneNumber: fields.mpesaPhoneNumber };
    if (method === 'PAYPAL') return { method, preferred, paypalEmail: fields.paypalEmail };
    const { bankName, branch, accountName, accountNumber } = fields;
    return { method, preferred, bankName, branch, accountName, accountNumber };
  }

  /** Saves, says so and goes back to the methods; answers whether it was saved. */
  async function send(request: UpdatePaymentMethodRequest): Promise<boolean> {
    try {
      const answer = await save.mutateAsync(request);
      notify.success(answer.message || messages.paymentMethodUpdated);
      onBack();
      return true;
    } catch (failure) {
      notify.error(errorMessage(failure));
      return false;
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const request = body();
    const found = checkPayoutForm(request);
    setProblem(found);
    if (found) return;
    await send(request);
  }

  /** 'Verify this number': checked like a save, then the code flow for it. */
  function startVerifying(): void {
    const request: UpdatePaymentMethodRequest = {
      method: 'MPESA',
      preferred,
      mpesaPhoneNumber: fields.mpesaPhoneNumber,
    };
    const found = checkPayoutForm(request);
    setProblem(found);
    if (!found) setVerifying(fields.mpesaPhoneNumber);
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Button variant="subtle" px={4} leftSection={<BackIcon size={18} />} onClick={onBack} mb="sm">
        Back
      </Button>
      <Group gap="sm" mb="md" wrap="nowrap">
        <Text c="brand.7" display="inline-flex" aria-hidden="true">
          {payoutIcons[method]}
        </Text>
        <Title order={2} size="h3" id={headingId}>
          {payoutLabels[method]}
        </Title>
      </Group>
      {summary && (
        <Alert variant="light" color={saved?.preferred ? 'teal' : 'gray'} p="xs" mb="md">
          <Group gap="xs" wrap="wrap">
            <span>
              Saved: {summary}
              {saved?.preferred ? ' (preferred)' : ''}
            </span>
            <MpesaVerifiedBadge saved={saved} />
          </Group>
        </Alert>
      )}
      {method === 'MPESA' && <MpesaSavedState saved={saved} />}
      {method === 'MPESA' && (
        <Stack gap="md" mb="md">
          <OwnNumberChoice
            isSaving={save.isPending}
            onChoose={(local) => void send({ method: 'MPESA', preferred: true, mpesaPhoneNumber: local })}
          />
          <Text fz="sm">{mpesaPayoutTexts.otherNumberHelp}</Text>
        </Stack>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {method === 'MPESA' && (
            <TextInput
              label="M-PESA phone number"
              name="mpesaPhoneNumber"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="0712 123456"
              required
              value={fields.mpesaPhoneNumber}
              onChange={(event) => set('mpesaPhoneNumber')(event.currentTarget.value)}
              error={isInvalid('mpesaPhoneNumber')}
            />
          )}
          {method === 'MPESA' && verifying === null && (
            <Button variant="light" onClick={startVerifying} style={{ alignSelf: 'flex-start' }}>
              Verify this number
            </Button>
          )}
          {method === 'BANK' && <BankFields fields={fields} set={set} isInvalid={isInvalid} />}
          {method === 'PAYPAL' && (
            <TextInput
              label="PayPal email"
              name="paypalEmail"
              type="email"
              autoComplete="email"
              required
              value={fields.paypalEmail}
              onChange={(event) => set('paypalEmail')(event.currentTarget.value)}
              error={isInvalid('paypalEmail')}
            />
          )}
          <Checkbox
            label="Set as preferred"
            description={
              isPreferredAnyway
                ? 'You have no other preferred method, so we pay you through this one.'
                : 'We pay you through your preferred method.'
            }
            checked={preferred || isPreferredAnyway}
            disabled={isPreferredAnyway}
            onChange={(event) => setPreferred(event.currentTarget.checked)}
          />
          <FormError message={problem?.message ?? null} />
          {verifying === null && (
            <Button type="submit" size="md" loading={save.isPending}>
              Save
            </Button>
          )}
        </Stack>
      </form>
      {verifying !== null && (
        <VerifyOtherNumber
          phoneNumber={verifying}
          onCancel={() => setVerifying(null)}
          onProven={async (proof) => {
            await send({
              method: 'MPESA',
              preferred: preferred || isPreferredAnyway,
              mpesaPhoneNumber: verifying,
              phoneProof: proof.phoneProof,
            });
          }}
        />
      )}
    </Paper>
  );
}

function BankFields({
  fields,
  set,
  isInvalid,
}: {
  fields: Fields;
  set: (field: keyof Fields) => (value: string) => void;
  isInvalid: (field: keyof Fields) => boolean;
}) {
  const banks = useBanks();
  return (
    <>
      <Select
        label="Bank"
        name="bankName"
        required
        searchable
        allowDeselect={false}
        placeholder={banks.isPending ? 'Loading…' : 'Choose your bank'}
        data={banks.data ?? []}
        value={fields.bankName || null}
        onChange={(value) => set('bankName')(value ?? '')}
        error={isInvalid('bankName')}
        nothingFoundMessage="No bank found"
      />
      <TextInput
        label="Branch"
        name="branch"
        required
        value={fields.branch}
        onChange={(event) => set('branch')(event.currentTarget.value)}
        error={isInvalid('branch')}
      />
      <TextInput
        label="Account name"
        name="accountName"
        required
        autoComplete="name"
        value={fields.accountName}
        onChange={(event) => set('accountName')(event.currentTarget.value)}
        error={isInvalid('accountName')}
      />
      <TextInput
        label="Account number"
        name="accountNumber"
        required
        inputMode="numeric"
        autoComplete="off"
        value={fields.accountNumber}
        onChange={(event) => set('accountNumber')(event.currentTarget.value)}
        error={isInvalid('accountNumber')}
      />
    </>
  );
}
