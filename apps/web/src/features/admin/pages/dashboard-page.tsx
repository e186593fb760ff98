import { Anchor, Card, SimpleGrid, Text } from '@mantine/core';
import type { AdminDashboard } from '@myprosper/contract/admin-insights';
import { formatKes } from '@myprosper/contract/payments';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDashboard } from '../api/dashboard.ts';
import { AdminPage, QueryView } from '../components/admin-page.tsx';
import { BarChart } from '../components/bar-chart.tsx';
import { adminPaths } from '../lib/admin-paths.ts';
import { shortDay } from '../lib/format.ts';

function Figure({ label, value, hint, to }: { label: string; value: ReactNode; hint?: string; to?: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={label}>
      <Text fz="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {to ? (
          <Anchor component={Link} to={to} inherit underline="hover">
            {value}
          </Anchor>
        ) : (
          value
        )}
      </Text>
      {hint && (
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

function Dashboard({ data }: { data: AdminDashboard }) {
  const month = new Date(`${data.month}-01T12:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} mb="xl">
        <Figure label="Sessions today" value={data.sessionsToday} hint="Confirmed, East Africa Time" />
        <Figure label="Sessions this week" value={data.sessionsThisWeek} hint="Monday to Sunday" />
        <Figure
          label="Revenue this month"
          value={formatKes(data.revenueThisMonth)}
          hint={`${month}, less refunds`}
        />
        <Figure label="Commission this month" value={formatKes(data.commissionThisMonth)} hint={month} />
        <Figure
          label="Pending applications"
          value={data.pendingApplications}
          to={paths.adminApplications}
          hint="Mentors waiting for review"
        />
        <Figure
          label="Stuck payments"
          value={data.stuckPayments}
          to={`${adminPaths.adminPayments}?status=PENDING`}
          hint="Still pending after the provider should have answered"
        />
        <Figure label="Mentor no-shows" value={data.noShows.mentors} hint={month} />
        <Figure label="Mentee no-shows" value={data.noShows.mentees} hint={month} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
        <Card withBorder radius="md" padding="md">
          <BarChart
            title="Paid bookings per week"
            data={data.weeks.map((week) => ({ label: shortDay(week.weekStart), value: week.bookings }))}
          />
        </Card>
        <Card withBorder radius="md" padding="md">
          <BarChart
            title="Revenue per week (KES)"
            color="var(--mantine-color-orange-7)"
            data={data.weeks.map((week) => ({ label: shortDay(week.weekStart), value: week.revenue }))}
            formatValue={(value) => value.toLocaleString('en-KE')}
          />
        </Card>
      </SimpleGrid>
    </>
  );
}

/** /admin: the day-to-day figures of the marketplace. */
export function DashboardPage() {
  const dashboard = useDashboard();
  return (
    <AdminPage
      title="Dashboard"
      description="How the marketplace is doing, from the ledger and the bookings."
    >
      <QueryView query={dashboard}>{(data) => <Dashboard data={data} />}</QueryView>
    </AdminPage>
  );
}
