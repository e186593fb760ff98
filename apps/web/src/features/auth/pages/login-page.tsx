import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { AuthenticateResponse } from '@myprosper/contract/auth';
import { isBlank, validateRequired } from '@myprosper/contract/validation';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/notify.ts';
import { getReturnPath } from '../../../lib/return-path.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthenticate } from '../api/authenticate.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { TwoStepCodeForm } from '../components/two-step-code-form.tsx';

/**
 * Spec 2.5: username (the e-mail) and password; success returns to the last visited page. An account with two-step
 * sign-in is asked for the code of its authenticator app (or a recovery code) next.
 */
export function LoginPage() {
  useDocumentTitle('Login');
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const authenticate = useAuthenticate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  /** The challenge of the code step, once the password step asked for one (two-step sign-in). */
  const [challenge, setChallenge] = useState<string | null>(null);

  async function finish(response: AuthenticateResponse): Promise<void> {
    const from = (location.state as { from?: string } | null)?.from;
    signIn(response, username.trim());
    await navigate(getReturnPath(from), { replace: true });
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const invalid = validateRequired(username, password);
    setFormError(invalid);
    if (invalid) return;
    try {
      const response = await authenticate.mutateAsync({ username: username.trim(), password });
      if ('challenge' in response) setChallenge(response.challenge);
      else await finish(response);
    } catch (failure) {
      // Beside the fields it is about, read aloud (FormError is an alert), not only in a passing toast.
      setFormError(errorMessage(failure));
    }
  }

  if (challenge) {
    return (
      <AuthCard heading="Two-step sign-in">
        <TwoStepCodeForm
          challenge={challenge}
          onSignedIn={(response) => void finish(response)}
          onRestart={() => {
            setChallenge(null);
            setPassword('');
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard heading="Login">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Username"
            description="The email address you signed up with"
            name="username"
            type="email"
            autoComplete="username"
            inputMode="email"
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            error={Boolean(formError) && isBlank(username)}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={Boolean(formError) && password === ''}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to={paths.forgotPassword} fz="sm">
              Forgot password?
            </Anchor>
          </Group>
          <FormError message={formError} />
          <Button type="submit" size="md" fullWidth loading={authenticate.isPending}>
            Login
          </Button>
          <Text ta="center" fz="sm">
            Don&apos;t have an account?{' '}
            <Anchor component={Link} to={paths.profilePicker} fw={600}>
              Sign up
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
