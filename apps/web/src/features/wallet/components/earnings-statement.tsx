import { Button, Card, Group, NativeSelect, Text } from '@mantine/core';
import { statementPaths } from '@myprosper/contract/reconciliation';
import { useId, useState } from 'react';
import { downloadFile } from '../../../lib/download-file.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';

/** The last twelve months, newest first, as YYYY-MM and their names ('November 2026'). */
function recentMonths(now = new Date()): Array<{ value: string; label: string }> {
  const months: Array<{ value: string; label: string }> = [];
  for (let back = 0; back < 12; back++) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15));
    const value = `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
    const label = new Intl.DateTimeFormat('en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(date);
    months.push({ value, label });
  }
  return months;
}

/** A mentor's monthly earnings statement (PDF): sessions, gross, commission, earnings and payouts. */
export function EarningsStatement() {
  const months = recentMonths();
  const [month, setMonth] = useState(months[0]?.value ?? '');
  const [isLoading, setIsLoading] = useState(false);
  const headingId = useId();

  async function download(): Promise<void> {
    setIsLoading(true);
    try {
      await downloadFile(statementPaths.earningsStatement(month), `myprosper-earnings-${month}.pdf`);
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setIsLoading(false);
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" mb="xl" component="section" aria-labelledby={headingId}>
      <Text id={headingId} fz="sm" c="dimmed" fw={600} tt="uppercase" mb="xs">
        Earnings statement
      </Text>
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Month"
          data={months}
          value={month}
          onChange={(event) => setMonth(event.currentTarget.value)}
          style={{ flex: '1 1 180px' }}
        />
        <Button variant="light" loading={isLoading} onClick={() => void download()}>
          Download PDF
        </Button>
      </Group>
      <Text fz="sm" c="dimmed" mt="xs">
        Sessions held, commission, earnings and payouts with their M-PESA receipts.
      </Text>
    </Card>
  );
}
