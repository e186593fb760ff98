import { Button, FileInput, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { formatKes } from '@myprosper/contract/payments';
import {
  itemProblemLabels,
  type LineMatch,
  type ReconciliationItem,
  reconciliationMessages,
  type StatementImportDetail,
  statementMaxChars,
} from '@myprosper/contract/reconciliation';
import { useState } from 'react';
import { errorMessage, notify } from '../../../lib/notify.ts';
import {
  useImportStatement,
  useRecheckItem,
  useReconciliation,
  useResolveItem,
  useRunReconciliation,
  useStatementImport,
} from '../api/reconciliation.ts';
import { AdminPage, AdminSection, EmptyState, QueryView } from '../components/admin-page.tsx';
import { AdminTabs } from '../components/admin-tabs.tsx';
import { ActionsHeader, DataTable } from '../components/data-table.tsx';
import { FormDialog, useFormSubmit } from '../components/form-dialog.tsx';
import { MpesaBalanceSection } from '../components/mpesa-balance-section.tsx';
import { formatDateTime } from '../lib/format.ts';

const matchColors: Record<LineMatch, string> = {
  MATCHED: 'teal.8',
  UNKNOWN_RECEIPT: 'red.8',
  AMOUNT_DIFFERS: 'orange.8',
  IGNORED: 'gray.7',
};
const matchLabels: Record<LineMatch, string> = {
  MATCHED: 'Matched',
  UNKNOWN_RECEIPT: 'Unknown receipt',
  AMOUNT_DIFFERS: 'Amount differs',
  IGNORED: 'Ignored',
};

function ResolveDialog({ item, onClose }: { item: ReconciliationItem; onClose: () => void }) {
  const [note, setNote] = useState('');
  const resolve = useResolveItem();
  const { error, submit } = useFormSubmit();
  return (
    <FormDialog
      opened
      onClose={onClose}
      title="Mark as resolved"
      error={error}
      submitLabel="Mark resolved"
      isSubmitting={resolve.isPending}
      onSubmit={() =>
        submit(note.trim().length < 5 ? reconciliationMessages.giveNote : null, async () => {
          const answer = await resolve.mutateAsync({ id: item.id, note: note.trim() });
          notify.success(answer.message);
          onClose();
        })
      }
    >
      <Text fz="sm">
        {itemProblemLabels[item.problem]}
        {item.receipt ? ` · ${item.receipt}` : ''}: {item.detail}
      </Text>
      <Textarea
        label="What was done"
        description="Kept in the audit log with your name"
        autosize
        minRows={3}
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        data-autofocus
      />
    </FormDialog>
  );
}

function ItemsTable({ items, actions }: { items: ReconciliationItem[]; actions: boolean }) {
  const recheck = useRecheckItem();
  const [resolving, setResolving] = useState<ReconciliationItem | null>(null);
  if (items.length === 0) {
    return <EmptyState>{actions ? 'Nothing to resolve: every item was matched' : 'None'}</EmptyState>;
  }
  return (
    <>
      <DataTable
        minWidth={820}
        striped
        head={
          <>
            <Table.Th>Problem</Table.Th>
            <Table.Th>Receipt</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Detail</Table.Th>
            <Table.Th>Since</Table.Th>
            {actions ? <ActionsHeader>Actions</ActionsHeader> : <Table.Th>Resolution</Table.Th>}
          </>
        }
      >
        {items.map((item) => (
          <Table.Tr key={item.id} data-testid={`reconciliation-item-${item.id}`}>
            <Table.Td>
              <Text fz="sm" fw={600} c={item.problem === 'MISSING_FROM_STATEMENT' ? 'orange.8' : 'red.8'}>
                {itemProblemLabels[item.problem]}
              </Text>
            </Table.Td>
            <Table.Td ff="monospace">
              {item.receipt ?? (item.paymentId ? `payment #${item.paymentId}` : '—')}
            </Table.Td>
            <Table.Td ta="right">{item.amount === null ? '—' : formatKes(item.amount)}</Table.Td>
            <Table.Td fz="sm">{item.detail}</Table.Td>
            <Table.Td fz="sm">{formatDateTime(item.createdAt)}</Table.Td>
            {actions ? (
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    loading={recheck.isPending && recheck.variables === item.id}
                    onClick={() =>
                      recheck.mutate(item.id, {
                        onSuccess: (answer) => notify.success(answer.message),
                        onError: (failure) => notify.error(errorMessage(failure)),
                      })
                    }
                  >
                    Re-check now
                  </Button>
                  <Button size="xs" onClick={() => setResolving(item)}>
                    Resolve
                  </Button>
                </Group>
              </Table.Td>
            ) : (
              <Table.Td fz="sm">
                {item.resolutionNote
                  ? `${item.resolutionNote} (${item.resolvedBy ?? 'admin'})`
                  : 'Settled by a check'}
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </DataTable>
      {resolving && <ResolveDialog key={resolving.id} item={resolving} onClose={() => setResolving(null)} />}
    </>
  );
}

function Items({ status }: { status: 'OPEN' | 'RESOLVED' | 'SETTLED' }) {
  const overview = useReconciliation(status);
  return (
    <QueryView query={overview}>
      {(data) => <ItemsTable items={data.items} actions={status === 'OPEN'} />}
    </QueryView>
  );
}

function Runs() {
  const overview = useReconciliation('OPEN');
  return (
    <QueryView query={overview}>
      {(data) =>
        data.runs.length === 0 ? (
          <EmptyState>No run yet</EmptyState>
        ) : (
          <DataTable
            minWidth={560}
            striped
            head={
              <>
                <Table.Th>Started</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th ta="right">Checked</Table.Th>
                <Table.Th ta="right">Settled</Table.Th>
                <Table.Th ta="right">Not matched</Table.Th>
              </>
            }
          >
            {data.runs.map((run) => (
              <Table.Tr key={run.id}>
                <Table.Td>{formatDateTime(run.startedAt)}</Table.Td>
                <Table.Td>{run.trigger === 'ADMIN' ? 'An admin' : 'The daily job'}</Table.Td>
                <Table.Td ta="right">{run.checked}</Table.Td>
                <Table.Td ta="right">{run.settled}</Table.Td>
                <Table.Td ta="right">{run.unmatched}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )
      }
    </QueryView>
  );
}

function StatementLines({ detail }: { detail: StatementImportDetail }) {
  return (
    <Stack gap="sm">
      <Text fz="sm" data-testid="statement-summary">
        {detail.fileName}: {detail.lineCount} lines, {detail.matched} matched, {detail.flagged} flagged
      </Text>
      <DataTable
        minWidth={900}
        head={
          <>
            <Table.Th>Receipt</Table.Th>
            <Table.Th>Completed</Table.Th>
            <Table.Th>Details</Table.Th>
            <Table.Th ta="right">Paid in</Table.Th>
            <Table.Th ta="right">Withdrawn</Table.Th>
            <Table.Th>Match</Table.Th>
            <Table.Th>Ours</Table.Th>
          </>
        }
      >
        {detail.lines.map((line) => (
          <Table.Tr key={line.lineNo} data-testid={`statement-line-${line.receipt}`}>
            <Table.Td ff="monospace">{line.receipt}</Table.Td>
            <Table.Td fz="sm">{formatDateTime(line.completedAt)}</Table.Td>
            <Table.Td fz="sm">{line.details}</Table.Td>
            <Table.Td ta="right">{line.paidIn ? line.paidIn.toLocaleString('en-KE') : ''}</Table.Td>
            <Table.Td ta="right">{line.withdrawn ? line.withdrawn.toLocaleString('en-KE') : ''}</Table.Td>
            <Table.Td>
              <Text fz="sm" fw={600} c={matchColors[line.match]}>
                {matchLabels[line.match]}
              </Text>
            </Table.Td>
            <Table.Td fz="sm">
              {line.ledgerTransactionId !== null ? `Ledger #${line.ledgerTransactionId}` : ''}
              {line.ourAmount !== null ? ` · ${formatKes(line.ourAmount)}` : ''}
              {line.note ? (
                <Text fz="xs" c="dimmed">
                  {line.note}
                </Text>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {detail.missing.length > 0 && (
        <Text fz="sm" c="orange.8" data-testid="statement-missing">
          Ours, missing from this statement: {detail.missing.map((item) => item.receipt).join(', ')}
        </Text>
      )}
    </Stack>
  );
}

function Statements() {
  const [file, setFile] = useState<File | null>(null);
  const [shownId, setShownId] = useState<number | null>(null);
  const importing = useImportStatement();
  const { error, submit } = useFormSubmit();
  const overview = useReconciliation('OPEN');
  const shown = useStatementImport(shownId);

  async function importFile(): Promise<void> {
    const problem = !file
      ? reconciliationMessages.chooseFile
      : file.size > statementMaxChars
        ? reconciliationMessages.fileTooLarge
        : null;
    await submit(problem, async () => {
      if (!file) return;
      const answer = await importing.mutateAsync({ fileName: file.name, content: await file.text() });
      notify.success(answer.message);
      setShownId(answer.data.id);
      setFile(null);
    });
  }

  return (
    <Stack gap="lg">
      <AdminSection
        title="Import a statement"
        description="The CSV exported from the M-PESA organisation portal (Receipt No., Completion Time, Details, Transaction Status, Paid In, Withdrawn, Balance, …). A file with a problem changes nothing."
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void importFile();
          }}
          noValidate
        >
          <Group align="flex-end" gap="sm">
            <FileInput
              label="Statement file (CSV)"
              placeholder="Choose the file"
              accept=".csv,text/csv"
              value={file}
              onChange={setFile}
              clearable
              style={{ flex: '1 1 240px' }}
              error={error ?? undefined}
            />
            <Button type="submit" loading={importing.isPending}>
              Import
            </Button>
          </Group>
        </form>
      </AdminSection>
      {shownId !== null && (
        <AdminSection title="Lines and what they matched">
          <QueryView query={shown}>{(detail) => <StatementLines detail={detail} />}</QueryView>
        </AdminSection>
      )}
      <AdminSection title="Imported statements">
        <QueryView query={overview}>
          {(data) =>
            data.imports.length === 0 ? (
              <EmptyState>No statement imported yet</EmptyState>
            ) : (
              <DataTable
                minWidth={640}
                striped
                head={
                  <>
                    <Table.Th>File</Table.Th>
                    <Table.Th>Period</Table.Th>
                    <Table.Th ta="right">Lines</Table.Th>
                    <Table.Th ta="right">Matched</Table.Th>
                    <Table.Th ta="right">Flagged</Table.Th>
                    <ActionsHeader>Lines</ActionsHeader>
                  </>
                }
              >
                {data.imports.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.fileName}</Table.Td>
                    <Table.Td fz="sm">
                      {formatDateTime(row.periodFrom)} – {formatDateTime(row.periodTo)}
                    </Table.Td>
                    <Table.Td ta="right">{row.lineCount}</Table.Td>
                    <Table.Td ta="right">{row.matched}</Table.Td>
                    <Table.Td ta="right">{row.flagged}</Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="default" onClick={() => setShownId(row.id)}>
                        Show
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </DataTable>
            )
          }
        </QueryView>
      </AdminSection>
    </Stack>
  );
}

/** /admin/reconciliation: what the M-PESA reconciliation could not match, its runs, and statement imports. */
export function ReconciliationPage() {
  const run = useRunReconciliation();
  return (
    <AdminPage
      title="Reconciliation"
      description="Every day each pending M-PESA payment is checked with M-PESA and settled; what cannot be matched waits here."
      actions={
        <Button
          variant="default"
          loading={run.isPending}
          onClick={() =>
            run.mutate(undefined, {
              onSuccess: (answer) => notify.success(answer.message),
              onError: (failure) => notify.error(errorMessage(failure)),
            })
          }
        >
          Run now
        </Button>
      }
    >
      <MpesaBalanceSection />
      <AdminTabs
        defaultValue="open"
        tabs={[
          { value: 'open', label: 'To resolve', panel: <Items status="OPEN" /> },
          { value: 'statements', label: 'Statements', panel: <Statements /> },
          { value: 'runs', label: 'Runs', panel: <Runs /> },
          { value: 'resolved', label: 'Resolved', panel: <Items status="RESOLVED" /> },
        ]}
      />
    </AdminPage>
  );
}
