import { Button, Stack } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { passwordMessages } from '@myprosper/contract/password-messages';
import { isBlank, validateNewPassword } from '@myprosper/contract/validation';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useChangePassword } from '../api/change-password.ts';
import { BackToProfile } from '../components/account-page-parts.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { newPasswordFieldErrors } from '../lib/new-password-errors.ts';

/** /profile/password/reset: a signed-in user changes their password; the new token replaces the old one. */
export function ChangePasswordPage() {
  useDocumentTitle('Change Password');
  const navigate = useNavigate();
  const { signIn, user } = useSession();
  const changePassword = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  const fieldErrors = newPasswordFieldErrors(formError, password, confirmPassword);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const invalid = isBlank(currentPassword)
      ? messages.fillAllFields
      : validateNewPassword(password, confirmPassword);
    setFormError(invalid);
    if (invalid) return;
    try {
      const response = await changePassword.mutateAsync({ currentPassword, password });
      signIn(response, user?.username);
      setSuccessMessage(response.message || 'Your password has been changed.');
    } catch (failure) {
      // In the toast and beside the form (the password field, when it is about the password).
      const message = errorMessage(failure);
      notify.error(message);
      setFormError(message);
    }
  }

  return (
    <AuthCard heading="Change Password">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <PasswordField
            label="Current Password"
            name="currentPassword"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.currentTarget.value)}
            error={formError === messages.fillAllFields && currentPassword === ''}
          />
          <PasswordField
            label="New Password"
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
          <Button type="submit" size="md" fullWidth loading={changePassword.isPending}>
            Change Password
          </Button>
          <BackToProfile />
        </Stack>
      </form>
      <MessageDialog
        opened={successMessage !== null}
        title="Password Changed"
        message={successMessage ?? ''}
        onOk={() => void navigate(paths.profile, { replace: true })}
      />
    </AuthCard>
  );
}
