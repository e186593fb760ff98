import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { validateForgotPassword } from '@myprosper/contract/validation';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** Spec 2.11: asks for the account's e-mail and sends it a reset link; a dialog confirms where it went. */
export function ForgotPasswordPage() {
  useDocumentTitle('Reset Password');
  const navigate = useNavigate();
  const forgotPassword = useForgotPassword();
  const [email, setEmail] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState('');
  const [isSentDialogOpen, setIsSentDialogOpen] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const invalid = validateForgotPassword(email);
    setFormError(invalid);
    if (invalid) return;
    const typed = email.trim();
    try {
      await forgotPassword.mutateAsync({ email: typed });
      setSentTo(typed);
      setIsSentDialogOpen(true);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  return (
    <AuthCard
      heading="Forgot Password"
      intro="Enter the email you used to create your account and we will email you a link to reset your password."
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={Boolean(formError)}
          />
          <FormError message={formError} />
          <Button type="submit" size="md" fullWidth disabled={forgotPassword.isPending}>
            {forgotPassword.isPending ? 'Please Wait' : 'Send Email'}
          </Button>
          <Text ta="center" fz="sm">
            Remembered it?{' '}
            <Anchor component={Link} to={paths.login} fw={600}>
              Back to Login
            </Anchor>
          </Text>
        </Stack>
      </form>
      <MessageDialog
        opened={isSentDialogOpen}
        title="Email Sent"
        message={`Please check your inbox. Password reset details have been sent to ${sentTo}.`}
        onOk={() => {
          setIsSentDialogOpen(false);
          void navigate(paths.login);
        }}
      />
    </AuthCard>
  );
}
