import { Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { AdminInsights } from '@myprosper/contract/admin-insights';
import { useState } from 'react';
import { useInsights } from '../api/insights.ts';
import { AdminPage, AdminSection, EmptyState, QueryView } from '../components/admin-page.tsx';
import { DataTable } from '../components/data-table.tsx';
import { LineChart } from '../components/line-chart.tsx';
import { DateRangeFields } from '../components/list-filters.tsx';
import { formatDateTime, shortDay } from '../lib/format.ts';

const chartedPrograms = 6;

function percent(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 1000) / 10}%`;
}

function Insights({ data }: { data: AdminInsights }) {
  const top = data.programs.filter((program) => program.views > 0).slice(0, chartedPrograms);
  const series = top.map((program) => ({
    name: program.name,
    values: data.weeks.map(
      (week) =>
        data.viewsByWeek.find((row) => row.topicId === program.id && row.weekStart === week)?.views ?? 0,
    ),
  }));
  return (
    <Stack>
      <Card withBorder radius="md" padding="md">
        {series.length === 0 ? (
          <EmptyState>No program was viewed in this period</EmptyState>
        ) : (
          <LineChart
            title={`'Topic Viewed' per week: the ${series.length} most viewed programs`}
            labels={data.weeks.map(shortDay)}
            series={series}
          />
        )}
      </Card>
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
        <AdminSection
          title="From viewing a program to booking it"
          description="Of the signed-in people who viewed a program, how many then booked a session on it."
          style={{ gridColumn: 'span 2' }}
        >
          <DataTable
            minWidth={560}
            striped
            head={
              <>
                <Table.Th>Program</Table.Th>
                <Table.Th ta="right">Views</Table.Th>
                <Table.Th ta="right">Viewers</Table.Th>
                <Table.Th ta="right">Then booked</Table.Th>
                <Table.Th ta="right">Conversion</Table.Th>
                <Table.Th ta="right">Bookings</Table.Th>
              </>
            }
          >
            {data.programs.map((program) => (
              <Table.Tr key={program.id}>
                <Table.Td>
                  {program.name}
                  {!program.isLive && (
                    <Text span c="dimmed" fz="xs">
                      {' (unpublished)'}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{program.views}</Table.Td>
                <Table.Td ta="right">{program.viewers}</Table.Td>
                <Table.Td ta="right">{program.viewersWhoBooked}</Table.Td>
                <Table.Td ta="right">{percent(program.conversion)}</Table.Td>
                <Table.Td ta="right">{program.bookings}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </AdminSection>
        <AdminSection
          title="Searches with no results"
          description="What people looked for and did not find: ideas for new programs."
        >
          {data.failedSearches.length === 0 ? (
            <EmptyState>Every search found something</EmptyState>
          ) : (
            <DataTable
              striped
              head={
                <>
                  <Table.Th>Search</Table.Th>
                  <Table.Th ta="right">Times</Table.Th>
                  <Table.Th>Last</Table.Th>
                </>
              }
            >
              {data.failedSearches.map((search) => (
                <Table.Tr key={search.query}>
                  <Table.Td>{search.query}</Table.Td>
                  <Table.Td ta="right">{search.count}</Table.Td>
                  <Table.Td>{formatDateTime(search.lastSearchedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          )}
        </AdminSection>
      </SimpleGrid>
    </Stack>
  );
}

/** /admin/insights: programs viewed over time, searches that found nothing, views that became bookings. */
export function InsightsPage() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const insights = useInsights({ from: from || undefined, to: to || undefined });
  return (
    <AdminPage
      title="Insights"
      description={
        insights.data
          ? `From ${insights.data.from} to ${insights.data.to} (East Africa Time)`
          : 'The last 12 weeks'
      }
      actions={
        <Group gap="sm">
          <DateRangeFields from={from} to={to} onFromChange={setFrom} onToChange={setTo} />
        </Group>
      }
    >
      <QueryView query={insights}>{(data) => <Insights data={data} />}</QueryView>
    </AdminPage>
  );
}
