import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { CallScreen, type CallVariant } from '../components/call-screen.tsx';

function useSessionIdParam(): number | null {
  const { sessionId } = useParams();
  const id = Number(sessionId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function CallRoute({ variant, title }: { variant: CallVariant; title: string }) {
  useDocumentTitle(title);
  const sessionId = useSessionIdParam();
  if (sessionId === null) {
    return (
      <Container size="sm" py="xl">
        <Stack align="center" role="alert">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text fw={600}>{messages.loadError}</Text>
          <Anchor component={Link} to={paths.sessions}>
            Back to sessions
          </Anchor>
        </Stack>
      </Container>
    );
  }
  // A new session id is a new call.
  return <CallScreen key={sessionId} sessionId={sessionId} variant={variant} />;
}

/** /sessions/call/{sessionId}: the mentor and one mentee. */
export function CallPage() {
  return <CallRoute variant="INDIVIDUAL" title="Session" />;
}

/** /sessions/group/call/{sessionId}: the mentor and up to four mentees. */
export function GroupCallPage() {
  return <CallRoute variant="GROUP" title="Group Session" />;
}
