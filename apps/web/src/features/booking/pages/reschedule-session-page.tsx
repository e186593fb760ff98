import { Alert, Anchor, Button, Card, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { defaultSessionRules } from '@myprosper/contract/rules';
import { sessionMessages } from '@myprosper/contract/sessions';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { OverlayLoader } from '../../../components/overlay-loader.tsx';
import { useSessionRules } from '../../../components/session-policy/session-rules-api.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdvisorAvailability } from '../api/get-availability.ts';
import { useSessionToReschedule } from '../api/get-session.ts';
import { useRescheduleSession } from '../api/reschedule-session.ts';
import { LoadError } from '../components/load-error.tsx';
import { SlotPicker } from '../components/slot-picker.tsx';
import { useRouteId } from '../hooks/use-route-id.ts';
import { rescheduleRefusal } from '../lib/reschedule-refusal.ts';
import {
  buildDayChoices,
  dateChipLabel,
  type FreeHour,
  keepValid,
  type SlotSelection,
  selectionAt,
  slotLabel,
  withHour,
} from '../lib/slot-options.ts';

/**
 * /sessions/reschedule/{sessionId}/{advisorId}: the mentor's free hours, starting on the session's current
 * day, time and date (that hour is offered although this very session holds it).
 */
export function RescheduleSessionPage() {
  useDocumentTitle('Reschedule Session');
  const navigate = useNavigate();
  const { isAdvisor } = useSession();
  const rules = useSessionRules().data?.rules ?? defaultSessionRules;
  const sessionId = useRouteId('sessionId');
  const advisorId = useRouteId('advisorId');
  const session = useSessionToReschedule(sessionId);
  const availability = useAdvisorAvailability(advisorId);
  const reschedule = useRescheduleSession(advisorId ?? 0);
  const [picked, setPicked] = useState<SlotSelection | null>(null);
  const [error, setError] = useState<string | null>(null);

  const startTime = session.data?.startTime;
  const current = useMemo<FreeHour | null>(
    () => (startTime ? { date: startTime.slice(0, 10), time: startTime.slice(11, 16) } : null),
    [startTime],
  );
  const choices = useMemo(
    () => buildDayChoices(withHour(availability.data?.bookableSlots ?? [], current)),
    [availability.data, current],
  );

  // An address naming another mentor than the session's is not this session's: no one else's hours show.
  const isWrongMentor = session.data !== undefined && session.data.advisor.id !== advisorId;
  if (sessionId === null || advisorId === null || session.isError || availability.isError || isWrongMentor) {
    return (
      <Container size="sm" py="xl">
        <Title order={1} size="h2">
          Reschedule Session
        </Title>
        <LoadError />
        <Text ta="center">
          <Anchor component={Link} to={sessionId ? paths.session(sessionId) : paths.sessions}>
            Back to the session
          </Anchor>
        </Text>
      </Container>
    );
  }

  if (!session.data || !availability.data || !current) {
    return (
      <Container size="sm" py="xl" aria-busy="true">
        <Skeleton height={36} width="80%" mb="lg" />
        <Skeleton height={300} radius="md" />
      </Container>
    );
  }

  const { data } = session;
  const refusal = rescheduleRefusal(data, isAdvisor, new Date(), rules);
  if (refusal) {
    return (
      <Container size="sm" py="xl">
        <Title order={1} size="h2" mb="lg">
          Reschedule your {data.topic.name} Session
        </Title>
        <Alert color="orange" variant="light" role="alert" mb="md">
          <Text fw={600}>{refusal}</Text>
        </Alert>
        <Text ta="center">
          <Anchor component={Link} to={paths.session(data.id)}>
            Back to the session
          </Anchor>
        </Text>
      </Container>
    );
  }
  const selection = picked ? keepValid(choices, picked) : selectionAt(choices, current);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (!current) return;
    if (!selection.date || !selection.time) {
      setError(sessionMessages.selectDate);
      return;
    }
    if (selection.date === current.date && selection.time === current.time) {
      setError(sessionMessages.noChanges);
      return;
    }
    setError(null);
    try {
      const result = await reschedule.mutateAsync({
        sessionId: data.id,
        selectedDate: selection.date,
        selectedTime: selection.time,
      });
      notify.success(result.message || sessionMessages.rescheduled);
      await navigate(paths.session(data.id));
    } catch (failure) {
      notify.error(errorMessage(failure));
      if (failure instanceof ApiError && failure.statusCode === 409) void availability.refetch();
    }
  }

  return (
    <Container size="sm" py="xl">
      <Title order={1} size="h2" mb="xs">
        Reschedule your {data.topic.name} Session
      </Title>
      <Text c="dimmed" mb="lg">
        With {data.advisor.name}. Now booked for {dateChipLabel(current.date)}, {slotLabel(current.time)}{' '}
        (East Africa Time).
      </Text>
      <Card withBorder radius="md" padding="lg" pos="relative">
        <OverlayLoader visible={reschedule.isPending} />
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <SlotPicker
              choices={choices}
              value={selection}
              onChange={(next) => {
                setPicked(next);
                if (next.date) setError(null);
              }}
              disabled={reschedule.isPending}
            />
            <FormError message={error} />
            <Button type="submit" size="md" fullWidth disabled={reschedule.isPending}>
              Reschedule session
            </Button>
            <Text ta="center" fz="sm">
              <Anchor component={Link} to={paths.session(data.id)}>
                Back to the session
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Card>
    </Container>
  );
}
