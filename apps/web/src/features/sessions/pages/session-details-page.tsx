import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Image,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import type { Session } from '@myprosper/contract/sessions';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { CardReturnNotice } from '../../../components/payments/card-return-notice.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSessionDetails } from '../api/get-session.ts';
import { AdviseeAssessments } from '../components/advisee-assessments.tsx';
import { AttendanceBadges } from '../components/attendance-badges.tsx';
import { GroupCoverNotice } from '../components/group-cover-notice.tsx';
import { InvitationDialogSlot, PaymentActionsSlot } from '../components/later-slots.tsx';
import { PaymentBadge } from '../components/payment-badge.tsx';
import { RatingDialog } from '../components/rating-dialog.tsx';
import { RescheduleProposal } from '../components/reschedule-proposal.tsx';
import { SessionActions } from '../components/session-actions.tsx';
import { SessionDispute } from '../components/session-dispute.tsx';
import { BookingFacts, SessionNote, SessionPeople } from '../components/session-facts.tsx';
import { SessionMpesaRefunds } from '../components/session-mpesa-refunds.tsx';
import { SessionNotice } from '../components/session-notice.tsx';
import { useRouteId } from '../hooks/use-route-id.ts';
import {
  canRate,
  hasPendingInvitation,
  owesPayment,
  sessionWhen,
  startsIn,
  type Viewer,
  viewerTimeZone,
} from '../lib/session-view.ts';

/**
 * /sessions/{sessionId}: the session as its mentor or an attendee sees it, and what they can do with it.
 * `journal`: the notes and action items of another feature, composed in by app/pages/session-page.tsx.
 */
export function SessionDetailsPage({ journal }: { journal?: (session: Session) => ReactNode } = {}) {
  useDocumentTitle('Session Details');
  const sessionId = useRouteId('sessionId');
  const { user, isAdvisor } = useSession();
  const session = useSessionDetails(sessionId);

  if (sessionId === null || session.isError) {
    return (
      <Container size="md" py="xl">
        <Title order={1} size="h2">
          Session Details
        </Title>
        <Stack align="center" gap="sm" role="alert" py="xl">
          <Text fw={600} size="lg">
            {messages.loadError}
          </Text>
          <Anchor component={Link} to={paths.sessions}>
            Back to sessions
          </Anchor>
        </Stack>
      </Container>
    );
  }

  if (!session.data || !user) {
    return (
      <Container size="md" py="xl" aria-busy="true">
        <Skeleton height={32} width="60%" mb="md" />
        <Skeleton height={120} radius="md" mb="md" />
        <Skeleton height={200} radius="md" />
      </Container>
    );
  }

  return (
    <SessionDetails session={session.data} viewer={{ userId: user.userId, isAdvisor }} journal={journal} />
  );
}

function SessionDetails({
  session,
  viewer,
  journal,
}: {
  session: Session;
  viewer: Viewer;
  journal?: (session: Session) => ReactNode;
}) {
  const whenId = useId();
  const [isRating, setIsRating] = useState(false);
  const [isRated, setIsRated] = useState(false);
  const now = new Date();
  const ownZone = viewerTimeZone();
  const isUpcoming = session.sessionStatus === 'UPCOMING';
  const isOff = session.status === 'CANCELLED' || session.status === 'EXPIRED';

  return (
    <Container size="md" py="xl">
      <Anchor component={Link} to={paths.sessions} fz="sm">
        ← Sessions
      </Anchor>
      <Group gap="md" wrap="nowrap" align="flex-start" mt="sm" mb="lg">
        <Image
          src={session.topic.imgUrl}
          alt=""
          w={{ base: 64, xs: 96 }}
          h={{ base: 64, xs: 96 }}
          radius="md"
          fit="cover"
          style={{ flexShrink: 0 }}
        />
        <Box miw={0}>
          <Title order={1} size="h2" lh={1.2}>
            {session.topic.name}
          </Title>
          {session.topic.tagLine && <Text c="dimmed">{session.topic.tagLine}</Text>}
          <Group gap={6} mt="xs">
            {!isOff && (
              <Badge variant="outline" color="gray" radius="sm">
                {isUpcoming ? 'Upcoming' : 'Past'}
              </Badge>
            )}
            <Badge variant="outline" color="gray" radius="sm">
              {session.sessionType === 'GROUP' ? 'Group' : 'Individual'}
            </Badge>
            <PaymentBadge session={session} viewer={viewer} />
            <AttendanceBadges session={session} />
          </Group>
        </Box>
      </Group>

      <Stack gap="lg">
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={whenId}>
          <Title order={2} size="h4" id={whenId} mb={4}>
            When
          </Title>
          <Text fz="lg" fw={600}>
            {sessionWhen(session)}
          </Text>
          <Text fz="sm" c="dimmed">
            East Africa Time (Nairobi)
            {isUpcoming &&
            session.status !== 'EXPIRED' &&
            session.status !== 'CANCELLED' &&
            !session.mentorNoShow
              ? ` · ${startsIn(session, now)}`
              : ''}
          </Text>
          {ownZone && (
            <Text fz="sm" mt={4}>
              Your time ({ownZone}): {sessionWhen(session, ownZone)}
            </Text>
          )}
        </Card>

        <CardReturnNotice />
        <SessionNotice session={session} viewer={viewer} />
        <GroupCoverNotice session={session} viewer={viewer} />
        <SessionMpesaRefunds sessionId={session.id} />
        {isUpcoming && <RescheduleProposal session={session} viewer={viewer} />}

        {owesPayment(session, viewer) && <PaymentActionsSlot session={session} viewer={viewer} />}
        {hasPendingInvitation(session, viewer) && <InvitationDialogSlot session={session} viewer={viewer} />}

        <SessionActions session={session} viewer={viewer} now={now} />
        <SessionDispute session={session} viewer={viewer} />

        {canRate(session, viewer) && !isRated && (
          <Button
            variant="light"
            size="md"
            onClick={() => setIsRating(true)}
            style={{ alignSelf: 'flex-start' }}
          >
            Rate this session
          </Button>
        )}

        <SessionNote session={session} viewer={viewer} />
        {journal?.(session)}

        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <SessionPeople session={session} viewer={viewer} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <BookingFacts session={session} viewer={viewer} />
          </Grid.Col>
        </Grid>

        {viewer.isAdvisor && <AdviseeAssessments session={session} />}
      </Stack>

      <RatingDialog
        sessionId={session.id}
        opened={isRating}
        onClose={() => setIsRating(false)}
        onRated={() => {
          setIsRating(false);
          setIsRated(true);
        }}
      />
    </Container>
  );
}
