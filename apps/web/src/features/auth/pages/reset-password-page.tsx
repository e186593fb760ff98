import { Anchor, Button, Stack, Text } from '@mantine/core';
import type { ResetLinkParts } from '@myprosper/contract/auth';
import { messages } from '@myprosper/contract/messages';
import { passwordMessages } from '@myprosper/contract/password-messages';
import { validateNewPassword } from '@myprosper/contract/validation';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCheckResetLink } from '../api/check-reset-link.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LinkCheck, LinkError } from '../components/link-check.tsx';
import { TwoStepRecoveryForm } from '../components/two-step-recovery-form.tsx';
import { newPasswordFieldErrors } from '../lib/new-password-errors.ts';

/**
 * Spec 2.12: /resetPassword/{email}/{userId}/{timestamp}?signature=… The server judges the link on load; an
 * invalid or expired link shows its error line and offers to send a new one (issue 27).
 */
export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const params = useParams();
  const [searchParams] = useSearchParams();
  const parts = {
    email: params.email ?? '',
    userId: params.userId ?? '',
    timestamp: params.timestamp ?? '',
    signature: searchParams.get('signature') ?? '',
  };
  const isComplete = Object.values(parts).every((part) => part !== '');

  return (
    <AuthCard heading="Reset Password">
      {isComplete ? (
        <CheckedResetForm parts={parts} />
      ) : (
        <LinkError message={messages.invalidLink} offer={<NewLinkOffer />} />
      )}
    </AuthCard>
  );
}

/** Where a person with a dead link gets a new one: the Forgot Password page. */
function NewLinkOffer() {
  return (
    <Text fz="sm">
      <Anchor component={Link} to={paths.forgotPassword} fw={600}>
        Send me a new link
      </Anchor>
    </Text>
  );
}

function CheckedResetForm({ parts }: { parts: ResetLinkParts }) {
  return (
    <LinkCheck check={useCheckResetLink(parts)} offer={<NewLinkOffer />}>
      {() => (
        <Stack gap="xl">
          <ResetPasswordForm parts={parts} />
          <TwoStepRecoveryForm parts={parts} />
        </Stack>
      )}
    </LinkCheck>
  );
}

function ResetPasswordForm({ parts }: { parts: ResetLinkParts }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const fieldErrors = newPasswordFieldErrors(formError, password, confirmPassword);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const invalid = validateNewPassword(password, confirmPassword);
    setFormError(invalid);
    if (invalid) return;
    try {
      await resetPassword.mutateAsync({ ...parts, password });
      notify.success(messages.passwordResetSuccess);
      await navigate(paths.login, { replace: true });
    } catch (failure) {
      // In the toast and beside the form (the password field, when it is about the password).
      const message = errorMessage(failure);
      notify.error(message);
      setFormError(message);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          description={passwordMessages.newPasswordHint}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldErrors.password}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.currentTarget.value)}
          error={fieldErrors.confirmPassword}
        />
        <FormError message={formError} />
        <Button type="submit" size="md" fullWidth loading={resetPassword.isPending}>
          Reset Password
        </Button>
        <Text ta="center" fz="sm">
          <Anchor component={Link} to={paths.login} fw={600}>
            Back to Login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
