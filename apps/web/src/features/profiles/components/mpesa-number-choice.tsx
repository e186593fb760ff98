import { Alert, Badge, Button, Paper, Stack, Text } from '@mantine/core';
import type { PaymentMethodView } from '@myprosper/contract/advisor-settings';
import { localPhoneOf, normaliseMpesaPhone } from '@myprosper/contract/payments';
import { PhoneCodeForm } from '../../../components/phone-verification/phone-code-form.tsx';
import {
  sendApplicationCode,
  usePhoneStatus,
  verifyApplicationCode,
} from '../../../components/phone-verification/phone-verification-api.ts';

/** Issue 21: earnings go only to an M-PESA number the mentor has proven is theirs. */
export const mpesaPayoutTexts = {
  verified: 'Verified',
  notVerified: 'Not verified',
  neverPaid:
    'This number is not verified. We never send earnings to an unverified number: use your verified number, or verify this one with a code.',
  ownNumber: 'Your verified number',
  ownNumberHelp: 'One tap and we send your earnings to it by M-PESA.',
  otherNumberHelp:
    'Another number: verify it with the code we send to it by SMS. A number you do not verify is saved, but never paid.',
} as const;

/** Whether the saved M-PESA number is proven, as a badge (the method tile and the section use it). */
export function MpesaVerifiedBadge({ saved }: { saved: PaymentMethodView | undefined }) {
  if (saved?.method !== 'MPESA' || !saved.mpesaPhoneNumber) return null;
  return (
    <Badge color={saved.mpesaVerified ? 'teal' : 'yellow'} variant="light" data-testid="mpesa-verified">
      {saved.mpesaVerified ? mpesaPayoutTexts.verified : mpesaPayoutTexts.notVerified}
    </Badge>
  );
}

/** The saved number's state: a warning when it is not verified (never paid). */
export function MpesaSavedState({ saved }: { saved: PaymentMethodView | undefined }) {
  if (saved?.method !== 'MPESA' || !saved.mpesaPhoneNumber || saved.mpesaVerified) return null;
  return (
    <Alert color="yellow" variant="light" p="xs" mb="md" role="status">
      {mpesaPayoutTexts.neverPaid}
    </Alert>
  );
}

/**
 * The account's own verified number, chosen in one tap (answers nothing when the account's phone is not
 * verified: it must be proven at /profile/phone/verify first, or another number verified below).
 */
export function OwnNumberChoice({
  isSaving,
  onChoose,
}: {
  isSaving: boolean;
  /** Saves M-PESA with this number (07… as people write it). */
  onChoose: (localNumber: string) => void;
}) {
  const status = usePhoneStatus().data?.data;
  if (!status?.verified || !status.phoneNumber) return null;
  const local = localPhoneOf(status.phoneNumber);
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0">
      <Stack gap={6}>
        <Text fw={600}>{mpesaPayoutTexts.ownNumber}</Text>
        <Text fz="lg" fw={700} data-testid="own-mpesa-number">
          {local}
        </Text>
        <Text fz="sm">{mpesaPayoutTexts.ownNumberHelp}</Text>
        <Button loading={isSaving} onClick={() => onChoose(local)}>
          Get paid to {local}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * Proves a typed number is the mentor's: a code sent to it by SMS (the phone-code flow every verification
 * uses), typed here. `onProven` receives the signed proof the save carries.
 */
export function VerifyOtherNumber({
  phoneNumber,
  onProven,
  onCancel,
}: {
  /** The number as typed (already checked). */
  phoneNumber: string;
  onProven: (proof: { phoneNumber: string; phoneProof: string }) => Promise<void>;
  onCancel: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600}>Verify {localPhoneOf(normaliseMpesaPhone(phoneNumber))}</Text>
        <Text fz="sm">
          We send a 6-digit code by SMS to this number. Type it here to prove the number is yours.
        </Text>
        <PhoneCodeForm
          onSend={async () => (await sendApplicationCode(phoneNumber)).data.resendInSeconds}
          onVerify={async (code) => {
            const answer = await verifyApplicationCode(phoneNumber, code);
            await onProven(answer.data);
          }}
        />
        <Button variant="subtle" onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </Paper>
  );
}
