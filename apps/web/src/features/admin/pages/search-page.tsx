import { Alert, Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import type { AdminSearchResult, ReceiptLookup } from '@myprosper/contract/admin-search';
import { localPhoneOf } from '@myprosper/contract/payments';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmailText } from '../../../components/email-text.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useAdminSearch, useAskReceipt, useReceiptLookup } from '../api/search.ts';
import { PersonLink, SessionLink } from '../components/admin-links.tsx';
import { AdminPage, AdminSection, EmptyState, QueryView } from '../components/admin-page.tsx';
import { DataTable, DetailedCell, MoneyCell } from '../components/data-table.tsx';
import { PaymentTable } from '../components/payment-table.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { adminPaths } from '../lib/admin-paths.ts';
import { formatDateTime } from '../lib/format.ts';

/** "2 of 7" when a kind has more than the search box shows, with where to see them all. */
function More({ shown, total, to }: { shown: number; total: number; to: string }) {
  if (total <= shown) return null;
  return (
    <Text fz="sm" mt="xs">
      {`Showing ${shown} of ${total}. `}
      <Anchor component={Link} to={to}>
        See them all
      </Anchor>
    </Text>
  );
}

/**
 * A text that looks like an M-PESA code no payment carries: the push it paid may have been settled without its
 * receipt (the STK query has none). Asking M-PESA about it gives the receipt to its payment.
 */
function ReceiptPanel({ found }: { found: ReceiptLookup }) {
  const ask = useAskReceipt();
  const lookup = useReceiptLookup(found.receipt, found);
  const state = lookup.data ?? found;
  if (state.status === 'FOUND' && found.status === 'FOUND') return null;

  async function askMpesa(): Promise<void> {
    try {
      await ask.mutateAsync(found.receipt);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  const words: Record<ReceiptLookup['status'], string> = {
    NONE: 'M-PESA can be asked whether it knows this code: its answer gives the receipt to the payment it paid.',
    CHECKING: 'M-PESA was asked about this code; its answer usually comes within a minute.',
    FOUND: 'M-PESA confirmed it: the payment now carries this receipt.',
    NOT_FOUND: 'M-PESA does not know this code. Check it with the customer.',
    NOT_MATCHED: `M-PESA knows this code, but it fits no payment of ours${state.detail ? ` (${state.detail})` : ''}. It may be a Paybill payment to review, or paid to another business.`,
    UNAVAILABLE: 'M-PESA could not be asked just now. Try again in a moment.',
  };
  return (
    <Alert
      color={state.status === 'FOUND' ? 'teal' : state.status === 'NOT_FOUND' ? 'red' : 'blue'}
      title={`No payment carries the M-PESA code ${found.receipt}`}
      role="status"
    >
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{words[state.status]}</Text>
        {state.status === 'FOUND' && state.paymentId !== null && (
          <Anchor component={Link} to={adminPaths.adminPayment(state.paymentId)}>
            Open the payment
          </Anchor>
        )}
        {(state.status === 'NONE' || state.status === 'UNAVAILABLE' || state.status === 'NOT_FOUND') && (
          <Button size="xs" variant="light" loading={ask.isPending} onClick={() => void askMpesa()}>
            {`Ask M-PESA about ${found.receipt}`}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

function Results({ result }: { result: AdminSearchResult }) {
  const { people, sessions, payments, vouchers } = result;
  const nothing = people.total + sessions.total + payments.total + vouchers.total === 0;
  return (
    <Stack gap="lg">
      {result.phone && (
        <Text fz="sm" c="dimmed">
          {`Read as the phone number ${localPhoneOf(result.phone)} (${result.phone}).`}
        </Text>
      )}
      {result.receipt && <ReceiptPanel key={result.receipt.receipt} found={result.receipt} />}
      {nothing && <EmptyState>{`Nothing matches “${result.query}”`}</EmptyState>}
      {payments.total > 0 && (
        <AdminSection title={`Payments (${payments.total})`}>
          <PaymentTable payments={payments.items} />
          <More
            shown={payments.items.length}
            total={payments.total}
            to={`${adminPaths.adminPayments}?q=${encodeURIComponent(result.query)}`}
          />
        </AdminSection>
      )}
      {people.total > 0 && (
        <AdminSection title={`People (${people.total})`}>
          <DataTable
            minWidth={560}
            striped
            head={
              <>
                <Table.Th>Name</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Contact</Table.Th>
                <Table.Th>Status</Table.Th>
              </>
            }
          >
            {people.items.map((person) => (
              <Table.Tr key={person.id}>
                <Table.Td>
                  <PersonLink person={person} />
                </Table.Td>
                <Table.Td>{person.role === 'ADVISOR' ? 'Mentor' : 'Mentee'}</Table.Td>
                <DetailedCell
                  main={<EmailText email={person.email} />}
                  detail={person.phoneNumber ? localPhoneOf(person.phoneNumber) : ''}
                />
                <Table.Td>
                  <StatusBadge status={person.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </AdminSection>
      )}
      {sessions.total > 0 && (
        <AdminSection title={`Sessions (${sessions.total})`}>
          <DataTable
            minWidth={640}
            striped
            head={
              <>
                <Table.Th>Session</Table.Th>
                <Table.Th>Starts</Table.Th>
                <Table.Th>Mentor</Table.Th>
                <Table.Th>Booked by</Table.Th>
                <Table.Th>Status</Table.Th>
              </>
            }
          >
            {sessions.items.map((session) => (
              <Table.Tr key={session.id}>
                <Table.Td>
                  <SessionLink session={session} fw={600} />
                </Table.Td>
                <Table.Td>{formatDateTime(session.startsAt)}</Table.Td>
                <Table.Td>{session.mentor.name}</Table.Td>
                <Table.Td>{session.host.name}</Table.Td>
                <Table.Td>
                  <StatusBadge status={session.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          <More
            shown={sessions.items.length}
            total={sessions.total}
            to={`${adminPaths.adminSessions}?person=${encodeURIComponent(result.query)}`}
          />
        </AdminSection>
      )}
      {vouchers.total > 0 && (
        <AdminSection title={`Vouchers (${vouchers.total})`}>
          <DataTable
            minWidth={640}
            striped
            head={
              <>
                <Table.Th>Voucher</Table.Th>
                <Table.Th>Bought by</Table.Th>
                <Table.Th>For</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
              </>
            }
          >
            {vouchers.items.map((voucher) => (
              <Table.Tr key={voucher.id}>
                <Table.Td>
                  <Anchor component={Link} to={adminPaths.adminVoucher(voucher.id)} fw={600}>
                    {voucher.reference}
                  </Anchor>
                </Table.Td>
                <Table.Td>{voucher.buyer.name}</Table.Td>
                <Table.Td>{voucher.recipient.name}</Table.Td>
                <MoneyCell amount={voucher.amount} />
                <Table.Td>
                  <StatusBadge status={voucher.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          <More
            shown={vouchers.items.length}
            total={vouchers.total}
            to={`${adminPaths.adminVouchers}?q=${encodeURIComponent(result.query)}`}
          />
        </AdminSection>
      )}
    </Stack>
  );
}

/**
 * /admin/search?q=…: one box for whatever a customer tells an operator (the M-PESA code of their SMS, a card
 * reference, a phone in any form, an e-mail, a name, a reference), across payments, people, sessions and vouchers.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);
  const search = useAdminSearch(query);

  function submit(event: FormEvent): void {
    event.preventDefault();
    const next = text.trim();
    setParams(next ? { q: next } : {});
  }

  return (
    <AdminPage
      title="Search"
      description="Payments, people, sessions and vouchers, by what a customer tells you: an M-PESA code, a card reference, a phone number in any form, an e-mail, a name or a reference."
    >
      <search aria-label="Admin search">
        <form onSubmit={submit}>
          <Group align="flex-end" mb="lg" gap="sm">
            <TextInput
              label="Search for"
              placeholder="QK12ABC3DE, 0712 345 678, jane@example.com, MPS-7K3Q9X…"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              style={{ flex: 1, minWidth: 200 }}
            />
            <Button type="submit">Search</Button>
          </Group>
        </form>
      </search>
      {query !== '' && <QueryView query={search}>{(result) => <Results result={result} />}</QueryView>}
      {query === '' && <EmptyState>Type what you are looking for</EmptyState>}
    </AdminPage>
  );
}
