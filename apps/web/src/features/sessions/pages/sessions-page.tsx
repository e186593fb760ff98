import { Container, SegmentedControl, Stack, Tabs, Title } from '@mantine/core';
import type { SessionListStatus, SessionType } from '@myprosper/contract/sessions';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { SessionsList } from '../components/sessions-list.tsx';

const typeTabs: { value: SessionType; label: string; param: string }[] = [
  { value: 'GROUP', label: 'Group', param: 'group' },
  { value: 'INDIVIDUAL', label: 'Individual', param: 'individual' },
];

/**
 * Spec 'Sessions': sub-filters Upcoming, Pending and Past for everyone, and Cancelled (cancelled sessions and
 * unpaid holds that expired, which leave Upcoming). Pending is upcoming and not paid; for a mentor every
 * upcoming session counts as paid, so theirs is empty (the server answers so).
 */
const filters: { value: SessionListStatus; label: string; param: string }[] = [
  { value: 'UPCOMING', label: 'Upcoming', param: 'upcoming' },
  { value: 'PENDING', label: 'Pending', param: 'pending' },
  { value: 'PAST', label: 'Past', param: 'past' },
  { value: 'CANCELLED', label: 'Cancelled', param: 'cancelled' },
];

/** /sessions: tabs Group and Individual, filters Upcoming, Pending, Past and Cancelled; kept in the address. */
export function SessionsPage() {
  useDocumentTitle('Sessions');
  const { user, isAdvisor } = useSession();
  const [params, setParams] = useSearchParams();
  const type = typeTabs.find((tab) => tab.param === params.get('type')) ?? typeTabs[0]!;
  const status = filters.find((filter) => filter.param === params.get('status')) ?? filters[0]!;

  function show(next: { type?: string; status?: string }): void {
    setParams({ type: next.type ?? type.param, status: next.status ?? status.param }, { replace: true });
  }

  if (!user) return null;

  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        Sessions
      </Title>
      <Tabs
        value={type.value}
        onChange={(value) => show({ type: typeTabs.find((tab) => tab.value === value)?.param })}
        keepMounted={false}
      >
        <Tabs.List grow mb="md">
          {typeTabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} fz="md">
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {typeTabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            <Stack gap="md">
              <SegmentedControl
                aria-label="Which sessions"
                fullWidth
                value={status.value}
                onChange={(value) =>
                  show({ status: filters.find((filter) => filter.value === value)?.param })
                }
                data={filters.map((filter) => ({ value: filter.value, label: filter.label }))}
              />
              <SessionsList
                filter={{
                  userId: user.userId,
                  asAdvisor: isAdvisor,
                  sessionType: tab.value,
                  status: status.value,
                }}
              />
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}
