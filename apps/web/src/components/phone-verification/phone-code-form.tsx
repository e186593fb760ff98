import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { phoneCodeLength, verificationMessages } from '@myprosper/contract/verification';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/notify.ts';

export interface PhoneCodeFormProps {
  /** Asks for a code; answers the seconds before another may be asked for. */
  onSend: () => Promise<number>;
  /** Checks the code; throws (with the server's message) when it is refused. */
  onVerify: (code: string) => Promise<void>;
  /** Seconds to count down before "Resend code" works (a code was just sent); 0: none sent yet. */
  sentWaitSeconds?: number;
}

/**
 * The code box of every phone verification: the 6-digit code sent by SMS, Verify, and "Resend code" with a
 * visible countdown. Messages are the contract's (verificationMessages).
 */
export function PhoneCodeForm({ onSend, onVerify, sentWaitSeconds = 0 }: PhoneCodeFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(sentWaitSeconds > 0);
  const [wait, setWait] = useState(sentWaitSeconds);
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  async function send(): Promise<void> {
    setBusy('send');
    setError(null);
    try {
      setWait(await onSend());
      setSent(true);
      setCode('');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  async function verify(): Promise<void> {
    if (code.length === 0) {
      setError(verificationMessages.fillCode);
      return;
    }
    setBusy('verify');
    setError(null);
    try {
      await onVerify(code);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  if (!sent) {
    return (
      <Stack gap="xs">
        {error && (
          <Text role="alert" c="red.8" fz="sm">
            {error}
          </Text>
        )}
        <Button onClick={() => void send()} loading={busy === 'send'} fullWidth>
          Send code
        </Button>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void verify();
      }}
    >
      <Stack gap="sm">
        <Text fz="sm">{verificationMessages.codeSent}</Text>
        <TextInput
          label="Code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={phoneCodeLength}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
          error={error}
          styles={{ input: { letterSpacing: '0.3em', fontSize: 20 } }}
        />
        <Button type="submit" loading={busy === 'verify'} fullWidth>
          Verify
        </Button>
        <Group justify="center" gap={4}>
          <Button variant="subtle" onClick={() => void send()} disabled={wait > 0} loading={busy === 'send'}>
            {wait > 0 ? `Resend code in ${wait} s` : 'Resend code'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
