import { Anchor, Center, Container, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { InvitationStatusData } from '@myprosper/contract/invitations';
import { messages } from '@myprosper/contract/messages';
import { decodeLinkPart } from '@myprosper/contract/validation';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { acceptInvitationOnce } from '../api/accept-invitation.ts';
import { useInvitationStatus } from '../api/get-invitation-status.ts';
import { storePendingInvitation } from '../lib/pending-invitation.ts';

/** The session id of the link, or null when it is not a positive whole number. */
function sessionIdOf(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * /invitation/{sessionId}/{phoneNo} (phoneNo: the invited phone in base64), open to all. The server says
 * whether the phone has an account: someone signed in accepts at once and sees the session; a registered
 * person logs in, a new one signs up with the phone filled in, and the invitation is accepted once they are
 * signed in (the shell's startup hook, spec 4). A link that cannot be read shows 'Invalid link'; a refused
 * one shows the server's message.
 */
export function InvitationPage() {
  useDocumentTitle('Invitation');
  const params = useParams();
  const sessionId = sessionIdOf(params.sessionId);
  const phoneNo = params.phoneNo ?? '';
  const isReadable = sessionId !== null && decodeLinkPart(phoneNo) !== null;

  if (!isReadable) return <InvitationMessage message={messages.invalidLinkLower} />;
  return <CheckedInvitation sessionId={sessionId} phoneNo={phoneNo} />;
}

function CheckedInvitation({ sessionId, phoneNo }: { sessionId: number; phoneNo: string }) {
  const status = useInvitationStatus(sessionId, phoneNo);
  if (status.isError) return <InvitationMessage message={errorMessage(status.error)} />;
  if (!status.data) return <Opening />;
  return <FollowInvitation invitation={status.data} phoneNo={phoneNo} />;
}

/** Takes the person where the invitation leads: accepted, or to log-in or sign-up first. */
function FollowInvitation({ invitation, phoneNo }: { invitation: InvitationStatusData; phoneNo: string }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const { sessionId, registered } = invitation;

  useEffect(() => {
    let isCurrent = true;
    async function follow(): Promise<void> {
      // Back here once signed in (log-in and sign-up return to `from`).
      const state = { from: location.pathname };
      if (!user) {
        storePendingInvitation(sessionId);
        const next = registered ? paths.login : paths.signupInvited(sessionId, phoneNo);
        await navigate(next, { replace: true, state });
        return;
      }
      const { result, isFirst } = acceptInvitationOnce(queryClient, { adviseeId: user.userId, sessionId });
      try {
        const message = await result;
        if (!isCurrent) return;
        if (isFirst) notify.success(message);
        await navigate(paths.session(sessionId), { replace: true });
      } catch (error) {
        if (isCurrent) setFailure(errorMessage(error));
      }
    }
    void follow();
    return () => {
      isCurrent = false;
    };
  }, [user, sessionId, registered, phoneNo, location.pathname, navigate, queryClient]);

  if (failure) return <InvitationMessage message={failure} />;
  return <Opening />;
}

function Opening() {
  return (
    <Center py={80} role="status" aria-live="polite">
      {/* The page's heading while it decides where the invitation leads. */}
      <VisuallyHidden component="h1">Session invitation</VisuallyHidden>
      <Loader aria-hidden="true" />
      <VisuallyHidden>Opening your invitation…</VisuallyHidden>
    </Center>
  );
}

function InvitationMessage({ message }: { message: string }) {
  return (
    <Container size={460} px="md" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', xs: 'xl' }}>
        <Stack gap="sm" align="center" ta="center">
          <Title order={1} size="h3">
            Session invitation
          </Title>
          <Text role="alert" c="red.9" fw={600} fz="lg">
            {message}
          </Text>
          <Anchor component={Link} to={paths.home}>
            Go to the home page
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
