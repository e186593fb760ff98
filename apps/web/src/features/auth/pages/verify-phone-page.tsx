import { Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { phoneCodeResendSeconds, verificationMessages } from '@myprosper/contract/verification';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PhoneField } from '../../../components/phone-field/phone-field.tsx';
import {
  emptyPhone,
  type PhoneInputValue,
  phoneToSend,
} from '../../../components/phone-field/phone-value.ts';
import { PhoneCodeForm } from '../../../components/phone-verification/phone-code-form.tsx';
import {
  phoneStatusKey,
  sendOwnCode,
  usePhoneStatus,
  verifyOwnCode,
} from '../../../components/phone-verification/phone-verification-api.ts';
import { paths } from '../../../config/paths.ts';
import { notify } from '../../../lib/notify.ts';
import { getReturnPath } from '../../../lib/return-path.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const heading = 'Verify your phone number';

interface VerifyState {
  /** Where to go once the phone is verified. */
  from?: string;
  /** Seconds before another code may be asked for: sign-up has just sent one. */
  sentWaitSeconds?: number;
}

/** '+254 712 123456' from 254712123456, for reading. */
function readable(stored: string | null | undefined): string {
  if (!stored) return '';
  return `+${stored.slice(0, 3)} ${stored.slice(3, 6)} ${stored.slice(6)}`;
}

/**
 * /profile/phone/verify: the code sent by SMS proves the account's number (after sign-up, or from the notice
 * where booking needs it); "Change number" (and ?change=1, from the profile) proves a new number instead, the
 * old one staying until the new one is verified.
 */
export function VerifyPhonePage() {
  useDocumentTitle(heading);
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const state = (location.state ?? {}) as VerifyState;
  // From sign-up: ?sent=1 (a code went out just now) and ?next= (where sign-up went before).
  const next = search.get('next') ?? state.from;
  const sentWaitSeconds = search.get('sent') === '1' ? phoneCodeResendSeconds : (state.sentWaitSeconds ?? 0);
  const status = usePhoneStatus();
  const [changing, setChanging] = useState(search.get('change') === '1');
  const [newPhone, setNewPhone] = useState<PhoneInputValue>(emptyPhone);
  const [target, setTarget] = useState<{ phone: string; wait: number } | null>(null);

  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: phoneStatusKey });
    notify.success(verificationMessages.phoneVerified);
    await navigate(next ? getReturnPath(next) : paths.profile, { replace: true });
  };

  const current = status.data?.data;
  const isVerified = Boolean(current?.verified);

  return (
    <Container size={460} px="md" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', xs: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {changing ? 'Change your phone number' : heading}
          </Title>
          {!changing && current && (
            <Text>
              {isVerified ? verificationMessages.alreadyVerified : 'We send a 6-digit code by SMS to'}{' '}
              <Text span fw={700}>
                {readable(current.phoneNumber)}
              </Text>
            </Text>
          )}
          {!changing && current && !isVerified && (
            <PhoneCodeForm
              sentWaitSeconds={sentWaitSeconds}
              onSend={async () => (await sendOwnCode()).data.resendInSeconds}
              onVerify={async (code) => {
                await verifyOwnCode(code);
                await done();
              }}
            />
          )}
          {changing && !target && (
            <Stack gap="sm">
              <PhoneField label="New phone number" value={newPhone} onChange={setNewPhone} required />
              <PhoneCodeForm
                onSend={async () => {
                  const phone = phoneToSend(newPhone);
                  const answer = await sendOwnCode(phone);
                  setTarget({ phone, wait: answer.data.resendInSeconds });
                  return answer.data.resendInSeconds;
                }}
                onVerify={async () => undefined}
              />
            </Stack>
          )}
          {changing && target && (
            <Stack gap="sm">
              <Text>
                New number:{' '}
                <Text span fw={700}>
                  {target.phone}
                </Text>
              </Text>
              <PhoneCodeForm
                sentWaitSeconds={target.wait}
                onSend={async () => (await sendOwnCode(target.phone)).data.resendInSeconds}
                onVerify={async (code) => {
                  await verifyOwnCode(code, target.phone);
                  await done();
                }}
              />
            </Stack>
          )}
          <Anchor
            component="button"
            type="button"
            fz="sm"
            onClick={() => {
              setChanging(!changing);
              setTarget(null);
            }}
          >
            {changing ? 'Keep my number' : 'Change number'}
          </Anchor>
          {isVerified && !changing && (
            <Button onClick={() => void navigate(getReturnPath(next))}>Continue</Button>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
