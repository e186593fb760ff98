import { Button, Container, Group, Progress, Skeleton, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { messages } from '@myprosper/contract/messages';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { useCardCheckout } from '../../../components/payments/card-checkout.ts';
import { MpesaPhoneDialog } from '../../../components/payments/mpesa-phone-dialog.tsx';
import { PaymentInfoDialog } from '../../../components/payments/payment-info-dialog.tsx';
import { phoneToSend } from '../../../components/phone-field/phone-value.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useIndividualPrice, useVoucherAdvisors, useVoucherTopics } from '../api/voucher-options.ts';
import { useCreateVoucher, useVoucher } from '../api/vouchers-api.ts';
import { DetailsStep } from '../components/details-step.tsx';
import { MyVouchers } from '../components/my-vouchers.tsx';
import { PaymentStep } from '../components/payment-step.tsx';
import { RecipientStep, type VoucherStepProps } from '../components/recipient-step.tsx';
import { VoucherConfirmation } from '../components/voucher-confirmation.tsx';
import {
  checkVoucherStep,
  emptyVoucherForm,
  toPurchase,
  type VoucherFormValues,
  voucherSteps,
} from '../lib/voucher-form.ts';
import { voucherProgress } from '../lib/voucher-progress.ts';

/**
 * /buyVoucher (spec 2.13): recipient, then program, mentor and note, then payment by card or mobile money.
 * With ?voucher={reference} it shows that voucher (after the card provider's page, or an M-PESA prompt).
 */
export function BuyVoucherPage() {
  useDocumentTitle('Buy Voucher');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const reference = params.get('voucher');
  /** The voucher whose M-PESA prompt was just sent: the payment-info dialog waits for it. */
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const waited = useVoucher(waitingFor);

  if (!user) return null;

  function show(voucherReference: string): void {
    setParams({ voucher: voucherReference });
    window.scrollTo({ top: 0 });
  }

  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="xs">
        Buy Voucher
      </Title>
      <Text c="dimmed" mb="lg">
        Give someone a one-hour session with a mentor of your choice. They get a code to book it.
      </Text>
      <Stack gap="xl">
        {reference ? (
          <VoucherConfirmation
            key={reference}
            reference={reference}
            onPushed={() => setWaitingFor(reference)}
            onBuyAnother={() => setParams({})}
          />
        ) : (
          <PurchaseSteps
            userId={user.userId}
            onPushed={(voucherReference) => {
              show(voucherReference);
              setWaitingFor(voucherReference);
            }}
            onCreated={show}
          />
        )}
        <MyVouchers />
      </Stack>
      <PaymentInfoDialog
        opened={waitingFor !== null}
        progress={voucherProgress(waited.data)}
        isRefreshing={waited.isFetching}
        onRefresh={() => void waited.refetch()}
        onClose={() => setWaitingFor(null)}
        paidText="Your payment has been received. The voucher code is on its way to the recipient."
      />
    </Container>
  );
}

function PurchaseSteps({
  userId,
  onPushed,
  onCreated,
}: {
  userId: number;
  /** Bought by M-PESA: the prompt is on its way. */
  onPushed: (reference: string) => void;
  /** Created, but the card page could not be reached: shown to pay later. */
  onCreated: (reference: string) => void;
}) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const price = useIndividualPrice();
  const topics = useVoucherTopics();
  const create = useCreateVoucher();
  const card = useCardCheckout();
  const [active, setActive] = useState(0);
  const [values, setValues] = useState<VoucherFormValues>(emptyVoucherForm);
  const [triedStep, setTriedStep] = useState<number | null>(null);
  const [isPhoneOpen, setPhoneOpen] = useState(false);
  const advisors = useVoucherAdvisors(userId, values.topicId === null ? null : Number(values.topicId));

  const problem = triedStep === active ? checkVoucherStep(active, values) : null;
  const set: VoucherStepProps['set'] = (field, value) =>
    setValues((current) => ({ ...current, [field]: value }));
  const stepProps: VoucherStepProps = { values, set, hasProblem: problem !== null };
  const isBusy = create.isPending || card.isPending;

  if (price.isError) {
    return (
      <Text role="alert" fw={600}>
        {messages.loadError}
      </Text>
    );
  }
  if (price.data === undefined) return <Skeleton height={280} radius="md" aria-label="Loading" />;
  const amount = price.data;

  function goTo(step: number): void {
    setActive(step);
    setTriedStep(null);
  }

  function next(): void {
    setTriedStep(active);
    if (checkVoucherStep(active, values)) return;
    goTo(active + 1);
  }

  async function payByCard(): Promise<void> {
    let voucherReference: string | null = null;
    try {
      const created = await create.mutateAsync(toPurchase(values, userId, amount, null));
      voucherReference = created.message;
      await card.mutateAsync({ purpose: 'VOUCHER', id: voucherReference });
    } catch (failure) {
      notify.error(errorMessage(failure));
      if (voucherReference) onCreated(voucherReference);
    }
  }

  async function payByMpesa(phoneNumber: string): Promise<void> {
    try {
      const created = await create.mutateAsync(
        toPurchase({ ...values, paymentMode: 'MPESA' }, userId, amount, phoneNumber),
      );
      setPhoneOpen(false);
      onPushed(created.message);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  const topicName = topics.data?.find((t) => String(t.id) === values.topicId)?.name ?? '';
  const advisorName = advisors.data?.find((a) => String(a.id) === values.advisorId)?.name ?? '';
  const summary: [string, string][] = [
    ['Recipient', values.recipientName.trim()],
    ['Email', values.recipientEmail.trim()],
    ['Phone', phoneToSend(values.recipientPhone)],
    ['Program', topicName],
    ['Mentor', advisorName],
    ['Note', values.recipientNote.trim()],
  ];

  return (
    <Stack gap="md">
      {isPhone ? (
        <div>
          <Text fz="sm" fw={600} mb={6}>
            Step {active + 1} of {voucherSteps.length}: {voucherSteps[active]}
          </Text>
          <Progress
            value={((active + 1) / voucherSteps.length) * 100}
            size="sm"
            aria-label="Voucher progress"
          />
        </div>
      ) : (
        <Stepper
          active={active}
          size="xs"
          allowNextStepsSelect={false}
          onStepClick={(s) => s < active && goTo(s)}
        >
          {voucherSteps.map((label) => (
            <Stepper.Step key={label} label={label} />
          ))}
        </Stepper>
      )}
      {active === 0 && <RecipientStep {...stepProps} />}
      {active === 1 && <DetailsStep {...stepProps} userId={userId} />}
      {active === 2 && (
        <PaymentStep
          rows={summary}
          price={amount}
          paymentMode={values.paymentMode}
          onPaymentModeChange={(mode) => set('paymentMode', mode)}
        />
      )}
      <FormError message={problem} />
      <Group justify="space-between">
        <Button variant="default" onClick={() => goTo(active - 1)} disabled={active === 0 || isBusy}>
          Back
        </Button>
        {active < 2 ? (
          <Button onClick={next}>Next</Button>
        ) : values.paymentMode === 'CARD' ? (
          <Button onClick={() => void payByCard()} loading={isBusy}>
            Pay by card
          </Button>
        ) : (
          <Button onClick={() => setPhoneOpen(true)} loading={isBusy}>
            Pay with M-PESA
          </Button>
        )}
      </Group>
      <MpesaPhoneDialog
        opened={isPhoneOpen}
        amount={amount}
        isSubmitting={create.isPending}
        onSubmit={(phone) => void payByMpesa(phone)}
        onClose={() => setPhoneOpen(false)}
      />
    </Stack>
  );
}
