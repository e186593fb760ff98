import { Container, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { PhoneNotVerifiedNotice } from '../../../components/phone-verification/phone-not-verified-notice.tsx';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useBookingAdvisor } from '../api/get-advisor.ts';
import { useAdvisorAvailability } from '../api/get-availability.ts';
import { useOwnPhone } from '../api/get-own-phone.ts';
import { BookingFlow } from '../components/booking-flow.tsx';
import { BookingPayment } from '../components/booking-payment.tsx';
import { type BookingResult, BookingSuccessDialog } from '../components/booking-success-dialog.tsx';
import { LoadError } from '../components/load-error.tsx';
import { MentorCard } from '../components/mentor-card.tsx';
import { type ChosenSlot, TopicSlotCard } from '../components/topic-slot-card.tsx';
import { useRouteId } from '../hooks/use-route-id.ts';
import { bookingTexts } from '../lib/booking-texts.ts';
import { buildDayChoices } from '../lib/slot-options.ts';

/** /advisors/book/{advisorId}: the mentor, a slot picker per topic, then the booking steps. */
export function BookSessionPage() {
  useDocumentTitle('Book Session');
  const advisorId = useRouteId('advisorId');
  const { user, isAdvisor } = useSession();
  const advisor = useBookingAdvisor(advisorId);
  const availability = useAdvisorAvailability(advisorId);
  const ownPhone = useOwnPhone(user && !isAdvisor ? user.userId : null);
  const [chosen, setChosen] = useState<ChosenSlot | null>(null);
  const [booked, setBooked] = useState<BookingResult | null>(null);
  const [paying, setPaying] = useState<BookingResult | null>(null);
  const showBooked = useCallback((result: BookingResult) => {
    setPaying(null);
    setBooked(result);
  }, []);
  const choices = useMemo(() => buildDayChoices(availability.data?.bookableSlots ?? []), [availability.data]);

  if (advisorId === null || advisor.isError) {
    return (
      <Container size="lg" py="xl">
        <Title order={1} mb="md">
          Book Session
        </Title>
        <LoadError onRetry={advisorId === null ? undefined : () => void advisor.refetch()} />
      </Container>
    );
  }

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        Book Session
      </Title>
      <PhoneNotVerifiedNotice enabled={Boolean(user) && !isAdvisor} />
      <Grid gutter={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          {advisor.data ? <MentorCard advisor={advisor.data} /> : <Skeleton height={260} radius="md" />}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="lg">
            <Title order={2} size="h3">
              Choose a topic and a time
            </Title>
            {!advisor.data || availability.isPending ? (
              <Skeleton height={280} radius="md" aria-label="Loading free hours" />
            ) : availability.isError ? (
              <LoadError onRetry={() => void availability.refetch()} />
            ) : advisor.data.topics.length === 0 ? (
              <Text>{bookingTexts.noTopics}</Text>
            ) : (
              advisor.data.topics.map((topic) => (
                <TopicSlotCard
                  key={topic.id}
                  topic={topic}
                  choices={choices}
                  isOwnProfile={user?.userId === advisorId}
                  onBook={setChosen}
                />
              ))
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {advisor.data && user && (
        <BookingFlow
          slot={chosen}
          advisor={{ id: advisor.data.id, name: advisor.data.name }}
          adviseeId={user.userId}
          ownPhone={ownPhone.data ?? null}
          onClose={() => setChosen(null)}
          onBooked={(result) => {
            setChosen(null);
            // Spec 4: MPESA opens the phone dialog, WALLET checks out, CARD goes to the hosted page, VOUCHER
            // opens the voucher code dialog; amount 0 is booked and paid already.
            if (result.session.status === 'PENDING_PAYMENT') setPaying(result);
            else setBooked(result);
          }}
          onSlotTaken={(message) => {
            setChosen(null);
            notify.error(message);
            void availability.refetch();
          }}
        />
      )}
      {user && (
        <BookingPayment
          booking={paying}
          adviseeId={user.userId}
          ownPhone={ownPhone.data ?? null}
          onShowBooked={showBooked}
          onDone={() => setPaying(null)}
        />
      )}
      <BookingSuccessDialog result={booked} onClose={() => setBooked(null)} />
    </Container>
  );
}
