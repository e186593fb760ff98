import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import type { AuthenticateResponse } from '@myprosper/contract/auth';
import { messages } from '@myprosper/contract/messages';
import { twoStepMessages } from '@myprosper/contract/two-step';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useSendTwoStepCode } from '../api/two-step.ts';
import { AppCodeInput } from './app-code-input.tsx';

interface TwoStepCodeFormProps {
  /** The password step's challenge. */
  challenge: string;
  onSignedIn(response: AuthenticateResponse): void;
  /** Back to the password step (the challenge is over: 5 minutes, or a log-out since). */
  onRestart(): void;
}

/** The log-in's code step: the 6-digit code of the authenticator app, or one of the recovery codes. */
export function TwoStepCodeForm({ challenge, onSignedIn, onRestart }: TwoStepCodeFormProps) {
  const sendCode = useSendTwoStepCode();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const invalid = code.trim() === '' ? twoStepMessages.fillCode : null;
    setFormError(invalid);
    if (invalid) return;
    try {
      onSignedIn(await sendCode.mutateAsync({ challenge, code: code.trim() }));
    } catch (failure) {
      const message = errorMessage(failure);
      if (message === messages.sessionExpired) {
        notify.error(message);
        onRestart();
        return;
      }
      setFormError(message);
      setCode('');
    }
  }

  function switchKind(): void {
    setUseRecovery((recovery) => !recovery);
    setCode('');
    setFormError(null);
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          {useRecovery
            ? 'Enter one of the recovery codes you kept when you turned on two-step sign-in. Each works once.'
            : twoStepMessages.codeNeeded}
        </Text>
        {useRecovery ? (
          <TextInput
            key="recovery"
            label="Recovery code"
            name="recoveryCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={Boolean(formError)}
          />
        ) : (
          <AppCodeInput key="code" value={code} onChange={setCode} error={Boolean(formError)} />
        )}
        <FormError message={formError} />
        <Button type="submit" size="md" fullWidth loading={sendCode.isPending}>
          Verify
        </Button>
        <Anchor component="button" type="button" fz="sm" onClick={switchKind}>
          {useRecovery ? 'Use the code from your app' : 'Use a recovery code'}
        </Anchor>
      </Stack>
    </form>
  );
}
