import { Anchor, Stack, Text } from '@mantine/core';
import { verificationMessages } from '@myprosper/contract/verification';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LinkCheck, LinkError } from '../components/link-check.tsx';

/**
 * /verify-email/{token}: the link e-mailed to an address. The server judges it on load and confirms the
 * address; an invalid or expired link shows only its error line, in the words of the spec's reset link.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Confirm your e-mail');
  const token = useParams().token ?? '';
  return (
    <AuthCard heading="Confirm your e-mail">
      {token ? <CheckedLink token={token} /> : <LinkError message={verificationMessages.emailLinkInvalid} />}
    </AuthCard>
  );
}

function CheckedLink({ token }: { token: string }) {
  return (
    <LinkCheck check={useVerifyEmail(token)}>{(answer) => <Confirmed message={answer.message} />}</LinkCheck>
  );
}

function Confirmed({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <Text role="status" fw={600} c="teal.9">
        {message}
      </Text>
      <Text>
        <Anchor component={Link} to={paths.profile}>
          Go to your profile
        </Anchor>{' '}
        or{' '}
        <Anchor component={Link} to={paths.home}>
          continue to MyProsper
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
