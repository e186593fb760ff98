import { Alert, Anchor, Button, Code, List, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { type TwoStepSetup, twoStepMessages } from '@myprosper/contract/two-step';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useConfirmTwoStep, useDisableTwoStep, useSetUpTwoStep, useTwoStepStatus } from '../api/two-step.ts';
import { BackToProfile, LoadFailed } from '../components/account-page-parts.tsx';
import { AppCodeInput } from '../components/app-code-input.tsx';
import { AuthCard } from '../components/auth-card.tsx';

/**
 * /profile/security: two-step sign-in. Off: the password starts setting it up with an authenticator app (its
 * key, or its otpauth link), and a first code confirms it, which shows the ten recovery codes once. On: turn it
 * off with the password and a code. The account is e-mailed either way.
 */
export function TwoStepPage() {
  useDocumentTitle('Two-step sign-in');
  const status = useTwoStepStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body: ReactNode;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (status.isError) {
    body = <LoadFailed onRetry={() => void status.refetch()} />;
  } else if (!status.data) {
    body = <Skeleton height={120} radius="md" aria-label="Loading" />;
  } else if (status.data.enabled) {
    body = <TurnOff recoveryCodesLeft={status.data.recoveryCodesLeft} />;
  } else {
    body = <SetUp onTurnedOn={setRecoveryCodes} />;
  }

  return (
    <AuthCard
      heading="Two-step sign-in"
      intro="After your password, log-in asks for a code from an authenticator app on your phone, so your password alone is not enough."
    >
      <Stack gap="md">
        {body}
        <BackToProfile />
      </Stack>
    </AuthCard>
  );
}

/** Off: the password first (a signed-in browser alone cannot turn it on), then the app's key and a first code. */
function SetUp({ onTurnedOn }: { onTurnedOn(codes: string[]): void }) {
  const setUp = useSetUpTwoStep();
  const confirm = useConfirmTwoStep();
  const [password, setPassword] = useState('');
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  async function start(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const invalid = password === '' ? messages.fillAllFields : null;
    setFormError(invalid);
    if (invalid) return;
    try {
      setSetup(await setUp.mutateAsync({ password }));
    } catch (failure) {
      setFormError(errorMessage(failure));
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const invalid = code.trim() === '' ? twoStepMessages.fillCode : null;
    setFormError(invalid);
    if (invalid) return;
    try {
      onTurnedOn((await confirm.mutateAsync({ password, code: code.trim() })).recoveryCodes);
    } catch (failure) {
      setFormError(errorMessage(failure));
    }
  }

  if (!setup) {
    return (
      <form onSubmit={(event) => void start(event)} noValidate>
        <Stack gap="md">
          <Text>Two-step sign-in is off.</Text>
          <Text fz="sm" c="dimmed">
            To set it up, enter your password. We will e-mail you when it is turned on.
          </Text>
          <CurrentPassword
            value={password}
            onChange={setPassword}
            invalid={Boolean(formError) && password === ''}
          />
          <FormError message={formError} />
          <Button type="submit" size="md" fullWidth loading={setUp.isPending}>
            Set up two-step sign-in
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <List type="ordered" spacing="xs">
          <List.Item>
            Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) and add an
            account with this key:
            <Code
              block
              mt={4}
              aria-label="Key"
              data-testid="two-step-key"
              style={{ overflowWrap: 'anywhere' }}
            >
              {setup.key}
            </Code>
            <Text fz="sm" mt={4}>
              On this phone?{' '}
              <Anchor href={setup.link} fw={600}>
                Open it in your authenticator app
              </Anchor>
            </Text>
          </List.Item>
          <List.Item>Enter the 6-digit code the app shows.</List.Item>
        </List>
        <AppCodeInput value={code} onChange={setCode} error={Boolean(formError)} />
        <FormError message={formError} />
        <Button type="submit" size="md" fullWidth loading={confirm.isPending}>
          Turn on
        </Button>
      </Stack>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  return (
    <Stack gap="md">
      <Alert color="teal" title="Two-step sign-in is on">
        Keep these recovery codes somewhere safe. If you lose your phone, each one signs you in once. They are
        shown only now.
      </Alert>
      <Code block aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.join('\n')}
      </Code>
      <Button size="md" fullWidth onClick={onDone}>
        I have kept them
      </Button>
    </Stack>
  );
}

function TurnOff({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const disable = useDisableTwoStep();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const invalid = password === '' || code.trim() === '' ? messages.fillAllFields : null;
    setFormError(invalid);
    if (invalid) return;
    try {
      notify.success((await disable.mutateAsync({ password, code: code.trim() })).message);
    } catch (failure) {
      setFormError(errorMessage(failure));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text>
          Two-step sign-in is on. {recoveryCodesLeft} recovery{' '}
          {recoveryCodesLeft === 1 ? 'code is' : 'codes are'} left.
        </Text>
        <Text fz="sm" c="dimmed">
          To turn it off, enter your password and a code from your app (or a recovery code).
        </Text>
        <CurrentPassword
          value={password}
          onChange={setPassword}
          invalid={Boolean(formError) && password === ''}
        />
        <TextInput
          label="Code"
          name="code"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={Boolean(formError) && code.trim() === ''}
        />
        <FormError message={formError} />
        <Button type="submit" size="md" fullWidth color="red" variant="light" loading={disable.isPending}>
          Turn off two-step sign-in
        </Button>
      </Stack>
    </form>
  );
}

/** The account's current password, which turning two-step sign-in on or off asks for. */
function CurrentPassword(props: { value: string; onChange: (value: string) => void; invalid: boolean }) {
  return (
    <PasswordField
      label="Password"
      name="password"
      autoComplete="current-password"
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      error={props.invalid}
    />
  );
}
