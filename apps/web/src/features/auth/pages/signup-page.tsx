import { Container, Paper, Text, Title } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { decodeLinkPart, isValidPhone } from '@myprosper/contract/validation';
import { useLocation, useParams } from 'react-router';
import { type PhoneInputValue, phoneFromText } from '../../../components/phone-field/phone-value.ts';
import { paths } from '../../../config/paths.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { getReturnPath, returnAfterSignIn } from '../../../lib/return-path.ts';
import { useSession } from '../../../lib/session.ts';
import { storage, storageKeys } from '../../../lib/storage.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRegisterAdvisee } from '../api/register-advisee.ts';
import { SignupForm, type SignupFormProps } from '../components/signup-form.tsx';

const heading = 'Sign up for more info';

interface Invitation {
  sessionId: number;
  phone: PhoneInputValue;
}

/**
 * The invitation of /signup/{sessionId}/{phoneNo} (phoneNo base64), or null when the link cannot be read or
 * does not carry a phone number (a read-only field that could never be submitted helps nobody).
 */
function readInvitation(sessionId: string | undefined, phoneNo: string | undefined): Invitation | null {
  const phone = decodeLinkPart(phoneNo);
  const id = Number(sessionId);
  // Links carry the number as typed (0712…) or as stored (2547…).
  if (phone === null || !(isValidPhone(phone) || isValidPhone(`+${phone}`))) return null;
  if (!Number.isInteger(id) || id <= 0) return null;
  return { sessionId: id, phone: phoneFromText(phone) };
}

/**
 * Advisee sign-up: /signup, /signup/advisor, and /signup/{sessionId}/{phoneNo} from a group session
 * invitation (the phone pre-filled and read-only). On statusCode 200 the person is signed in.
 */
export function SignupPage() {
  useDocumentTitle(heading);
  const params = useParams();
  const isInvitation = params.phoneNo !== undefined || params.sessionId !== undefined;
  const invitation = isInvitation ? readInvitation(params.sessionId, params.phoneNo) : null;
  const register = useRegisterAdvisee();
  const { signIn } = useSession();
  const location = useLocation();

  const submit: SignupFormProps['onSubmit'] = async (request) => {
    try {
      const response = await register.mutateAsync({
        ...request,
        ...(invitation ? { invitation: true, sessionId: invitation.sessionId } : {}),
      });
      // The shell accepts a pending invitation for the signed-in user on start (spec 4).
      if (invitation) storage.set(storageKeys.invitationSessionId, String(invitation.sessionId));
      const from = (location.state as { from?: string } | null)?.from;
      // The account's phone counts once its owner types the code sign-up just sent; then on as before (the
      // visitors-only guard of /signup sends a person who has just signed in to the return path).
      returnAfterSignIn(`${paths.verifyPhone}?sent=1&next=${encodeURIComponent(getReturnPath(from))}`);
      signIn(response, request.email.toLowerCase());
      notify.success(response.message);
      return null;
    } catch (failure) {
      const message = errorMessage(failure);
      notify.error(message);
      return message;
    }
  };

  if (isInvitation && !invitation) {
    return (
      <Container size={460} px="md" py={{ base: 'lg', sm: 48 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', xs: 'xl' }}>
          <Text role="alert" c="red.9" fw={600} fz="lg" ta="center">
            {messages.invalidLinkLower}
          </Text>
        </Paper>
      </Container>
    );
  }

  return (
    <Container size={760} px="md" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', xs: 'xl' }}>
        <Title order={1} size="h2" mb="xs">
          {heading}
        </Title>
        <Text c="dimmed" mb="lg">
          Create your account to book sessions with experienced mentors.
        </Text>
        <SignupForm invitedPhone={invitation?.phone} isSubmitting={register.isPending} onSubmit={submit} />
      </Paper>
    </Container>
  );
}
