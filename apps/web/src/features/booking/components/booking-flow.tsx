import { Modal, Progress, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notApplicable, type PaymentMode } from '@myprosper/contract/booking';
import type { SessionType } from '@myprosper/contract/sessions';
import { useEffect, useRef, useState } from 'react';
import { useAdviseeBalance } from '../../../components/payments/payments-api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useBookSession } from '../api/book-session.ts';
import { useSessionPrice } from '../api/get-price.ts';
import { AttendeesStep } from './attendees-step.tsx';
import type { BookingResult } from './booking-success-dialog.tsx';
import { SessionTypeStep } from './session-type-step.tsx';
import { StatementStep } from './statement-step.tsx';
import type { ChosenSlot } from './topic-slot-card.tsx';

type Step = 'type' | 'attendees' | 'statement';

/**
 * After 'Book this session': session type, then (group only) the other attendees' phones, then the statement
 * with the way to pay, which books. Back from the statement or the phones returns to the type choice.
 */
export function BookingFlow({
  slot,
  advisor,
  adviseeId,
  ownPhone,
  onClose,
  onBooked,
  onSlotTaken,
}: {
  slot: ChosenSlot | null;
  advisor: { id: number; name: string };
  adviseeId: number;
  ownPhone: string | null;
  onClose: () => void;
  onBooked: (result: BookingResult) => void;
  /** 409: the hour was taken meanwhile; the page shows the message and reloads the free hours. */
  onSlotTaken: (message: string) => void;
}) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const individualPrice = useSessionPrice('INDIVIDUAL');
  const groupPrice = useSessionPrice('GROUP');
  const book = useBookSession();
  const [step, setStep] = useState<Step>('type');
  const [sessionType, setSessionType] = useState<SessionType>('INDIVIDUAL');
  const [phones, setPhones] = useState<string[]>(['']);
  const [otherPhones, setOtherPhones] = useState<string[]>([]);
  const [paymentMode, setPaymentMode] = useState<PaymentMode>('MPESA');
  const [note, setNote] = useState('');
  const balance = useAdviseeBalance(slot ? adviseeId : null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<Step>('type');

  // A new step takes the focus to its heading, so a screen reader reads where the person is now (the first
  // step takes it from the dialog, which opens on it).
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepHeading.current?.focus();
  }, [step]);

  const isGroup = sessionType === 'GROUP';
  const steps: Step[] = isGroup ? ['type', 'attendees', 'statement'] : ['type', 'statement'];
  const stepLabels: Record<Step, string> = {
    type: 'Session type',
    attendees: 'Attendees',
    statement: 'Statement',
  };

  function close(): void {
    if (book.isPending) return;
    setStep('type');
    setPhones(['']);
    setOtherPhones([]);
    setNote('');
    onClose();
  }

  function chooseType(type: SessionType): void {
    setSessionType(type);
    if (type === 'GROUP') {
      setStep('attendees');
    } else {
      setOtherPhones([]);
      setStep('statement');
    }
  }

  async function confirm(): Promise<void> {
    if (!slot) return;
    try {
      const result = await book.mutateAsync({
        topicId: slot.topic.id,
        selectedDate: slot.date,
        selectedTime: slot.time,
        otherAttendees: isGroup ? otherPhones : [],
        sessionType,
        advisorId: advisor.id,
        adviseeId,
        paymentMode,
        // Every way of paying follows the booking (BookingPayment); the voucher code is asked there.
        phoneNumber: notApplicable,
        voucherCode: notApplicable,
        note: note.trim() === '' ? null : note.trim(),
      });
      setStep('type');
      setPhones(['']);
      setNote('');
      onBooked({ ...result, paymentMode });
    } catch (failure) {
      if (failure instanceof ApiError && failure.statusCode === 409) {
        setStep('type');
        onSlotTaken(failure.message);
        return;
      }
      notify.error(errorMessage(failure));
    }
  }

  return (
    <Modal
      opened={slot !== null}
      onClose={close}
      title="Book this session"
      centered
      fullScreen={isPhone}
      size="lg"
      closeOnClickOutside={!book.isPending}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {slot && (
        <>
          {!isPhone && (
            <Stepper active={steps.indexOf(step)} size="xs" mb="md" allowNextStepsSelect={false}>
              {steps.map((s) => (
                <Stepper.Step key={s} label={stepLabels[s]} />
              ))}
            </Stepper>
          )}
          <Text
            component="h3"
            ref={stepHeading}
            tabIndex={-1}
            fz="sm"
            fw={600}
            mt={0}
            mb={isPhone ? 6 : 'md'}
          >
            Step {steps.indexOf(step) + 1} of {steps.length}: {stepLabels[step]}
          </Text>
          {isPhone && (
            <Progress
              value={((steps.indexOf(step) + 1) / steps.length) * 100}
              size="sm"
              mb="lg"
              aria-label="Booking progress"
            />
          )}
          {step === 'type' && (
            <SessionTypeStep
              prices={{ individual: individualPrice.data, group: groupPrice.data }}
              isLoading={individualPrice.isPending || groupPrice.isPending}
              isError={individualPrice.isError || groupPrice.isError}
              onChoose={chooseType}
            />
          )}
          {step === 'attendees' && (
            <AttendeesStep
              phones={phones}
              onPhonesChange={setPhones}
              ownPhone={ownPhone}
              onBack={() => setStep('type')}
              onNext={(normalised) => {
                setOtherPhones(normalised);
                setStep('statement');
              }}
            />
          )}
          {step === 'statement' && (
            <StatementStep
              mentorName={advisor.name}
              slot={slot}
              sessionType={sessionType}
              otherPhones={isGroup ? otherPhones : []}
              price={isGroup ? groupPrice.data : individualPrice.data}
              walletBalance={balance.data}
              paymentMode={paymentMode}
              onPaymentModeChange={setPaymentMode}
              note={note}
              onNoteChange={setNote}
              onBack={() => setStep('type')}
              onConfirm={() => void confirm()}
              isSubmitting={book.isPending}
            />
          )}
        </>
      )}
    </Modal>
  );
}
