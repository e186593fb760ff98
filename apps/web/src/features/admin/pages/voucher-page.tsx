import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  type AdminVoucherDetails,
  adminVoucherExtendRequest,
  adminVoucherReassignRequest,
} from '@myprosper/contract/admin-money';
import { formatKes, localPhoneOf } from '@myprosper/contract/payments';
import { firstMessage } from '@myprosper/contract/validation';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmailText } from '../../../components/email-text.tsx';
import { notify } from '../../../lib/notify.ts';
import { useAdminVoucher, useVoucherMutations } from '../api/vouchers.ts';
import { PersonLink, SessionLink } from '../components/admin-links.tsx';
import { AdminPage, AdminSection, QueryView } from '../components/admin-page.tsx';
import { DetailCard, Fact, FactGrid } from '../components/detail-card.tsx';
import { FormDialog, useFormSubmit } from '../components/form-dialog.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { formatDateTime } from '../lib/format.ts';

type Action = 'refund' | 'extend' | 'reassign';

/** What each action does, in full, before the operator confirms it. */
function whatHappens(voucher: AdminVoucherDetails, action: Action): string {
  const paid = voucher.amount - voucher.toppedUp;
  switch (action) {
    case 'refund':
      return `${formatKes(paid)} goes back to ${voucher.buyer.name}'s MyProsper wallet at once${
        voucher.toppedUp > 0
          ? ` (the ${formatKes(voucher.toppedUp)} MyProsper added goes back to its commission)`
          : ''
      }, the code stops working, and ${voucher.buyer.name} is told by e-mail.`;
    case 'extend':
      return `The voucher goes from ${formatKes(voucher.amount)} to ${formatKes(voucher.currentPrice)}, today's price of a session, so it still pays for one with ${voucher.mentor.name}. MyProsper pays the ${formatKes(voucher.currentPrice - voucher.amount)} from its commission; ${voucher.buyer.name} pays nothing and is told by e-mail.`;
    case 'reassign':
      return `The voucher will pay for a session with the mentor you choose instead of ${voucher.mentor.name}, on ${voucher.topic.name}. Its code stays the same; ${voucher.buyer.name} is told by e-mail.`;
  }
}

const titles: Record<Action, (voucher: AdminVoucherDetails) => string> = {
  refund: (voucher) => `Cancel ${voucher.reference} and refund`,
  extend: (voucher) => `Extend ${voucher.reference} to today's price`,
  reassign: (voucher) => `Give ${voucher.reference} to another mentor`,
};

const submitLabels: Record<Action, string> = {
  refund: 'Cancel and refund',
  extend: 'Extend the voucher',
  reassign: 'Give to this mentor',
};

function ActionDialog({
  voucher,
  action,
  onClose,
}: {
  voucher: AdminVoucherDetails;
  action: Action;
  onClose: () => void;
}) {
  const mutations = useVoucherMutations(voucher.id);
  const { error, submit } = useFormSubmit();
  const [reason, setReason] = useState('');
  const [mentorId, setMentorId] = useState<string | null>(null);
  const mutation = mutations[action];

  async function send(): Promise<void> {
    const answer =
      action === 'reassign'
        ? await mutations.reassign.mutateAsync({ mentorId: Number(mentorId), reason })
        : await mutations[action].mutateAsync(reason);
    notify.success(answer.message);
    onClose();
  }

  return (
    <FormDialog
      opened
      onClose={onClose}
      title={titles[action](voucher)}
      error={error}
      submitLabel={submitLabels[action]}
      submitColor={action === 'refund' ? 'red.8' : undefined}
      isSubmitting={mutation.isPending}
      onSubmit={() =>
        submit(
          action === 'reassign'
            ? firstMessage(adminVoucherReassignRequest, { mentorId: mentorId ?? undefined, reason })
            : firstMessage(adminVoucherExtendRequest, { reason }),
          send,
        )
      }
    >
      <Text fz="sm">{whatHappens(voucher, action)}</Text>
      {action === 'reassign' && (
        <Select
          label="Mentor"
          placeholder="Choose a mentor of this program"
          required
          data={voucher.mentorsOfProgram.map((mentor) => ({ value: String(mentor.id), label: mentor.name }))}
          value={mentorId}
          onChange={setMentorId}
        />
      )}
      <Textarea
        label="Reason"
        description="Kept in the audit log, and told to the buyer"
        required
        autosize
        minRows={2}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
    </FormDialog>
  );
}

function Voucher({ voucher }: { voucher: AdminVoucherDetails }) {
  const [action, setAction] = useState<Action | null>(null);
  const canGive = voucher.canReassign && voucher.mentorsOfProgram.length > 0;
  return (
    <Stack gap="lg">
      <DetailCard
        summary={
          <Group gap="xs">
            <StatusBadge status={voucher.status} />
            <Text fw={700}>{formatKes(voucher.amount)}</Text>
            <Text fz="sm" c="dimmed">
              {`${voucher.topic.name} with ${voucher.mentor.name}`}
            </Text>
          </Group>
        }
        actions={
          <Group gap="xs">
            {voucher.canExtend && (
              <Button variant="light" onClick={() => setAction('extend')}>
                Extend to today's price
              </Button>
            )}
            {canGive && (
              <Button variant="light" onClick={() => setAction('reassign')}>
                Give to another mentor
              </Button>
            )}
            {voucher.canRefund && (
              <Button color="red" variant="light" onClick={() => setAction('refund')}>
                Cancel with refund
              </Button>
            )}
          </Group>
        }
      >
        <FactGrid mt="md">
          <Fact block label="Bought by">
            <PersonLink person={voucher.buyer} />
          </Fact>
          <Fact block label="For">
            {voucher.recipient.name}
            <Text fz="sm" c="dimmed">
              <EmailText email={voucher.recipient.email} />
              {` · ${localPhoneOf(voucher.recipient.phone)}`}
            </Text>
          </Fact>
          <Fact label="Paid by">
            {voucher.paidAt ? (voucher.paymentMode === 'MPESA' ? 'M-PESA' : 'Card') : 'Not paid yet'}
          </Fact>
          <Fact label="Today's price">{formatKes(voucher.currentPrice)}</Fact>
          <Fact label="Added by MyProsper">{formatKes(voucher.toppedUp)}</Fact>
          <Fact block label="Used for">
            {voucher.redeemedSession ? <SessionLink session={voucher.redeemedSession} /> : 'Not used yet'}
          </Fact>
        </FactGrid>
        {voucher.status === 'ACTIVE' && voucher.currentPrice > voucher.amount && (
          <Alert mt="md" color="yellow" title="Worth less than a session now">
            {`Sessions cost ${formatKes(voucher.currentPrice)} now, more than the voucher's ${formatKes(voucher.amount)}: it cannot pay for one until it is extended.`}
          </Alert>
        )}
      </DetailCard>
      <AdminSection title="History">
        <Stack gap="xs">
          {voucher.history.map((event) => (
            <Text key={`${event.at}-${event.what}`} fz="sm">
              <Text span fw={600}>
                {formatDateTime(event.at)}
              </Text>
              {` · ${event.what}${event.by ? ` (${event.by})` : ''}${event.reason ? `: ${event.reason}` : ''}`}
            </Text>
          ))}
        </Stack>
      </AdminSection>
      {action && <ActionDialog voucher={voucher} action={action} onClose={() => setAction(null)} />}
    </Stack>
  );
}

/** /admin/vouchers/:voucherId: one gift voucher, its history; cancel with refund, extend, give to another mentor. */
export function VoucherPage() {
  const voucherId = Number(useParams().voucherId);
  const voucher = useAdminVoucher(voucherId);
  return (
    <AdminPage title={voucher.data ? `Voucher ${voucher.data.reference}` : 'Voucher'}>
      <QueryView query={voucher}>{(data) => <Voucher voucher={data} />}</QueryView>
    </AdminPage>
  );
}
