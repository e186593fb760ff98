import { formatDateChip } from '@myprosper/contract/dates';
import { formatKes } from '@myprosper/contract/payments';
import { refundMessages } from '@myprosper/contract/refunds';
import { localDateTimeOf } from '@myprosper/contract/slots';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../providers/mail.ts';
import type { SmsSender } from '../../providers/sms.ts';
import type { MoneyParticipant } from './session-money.repository.ts';
import type { RefundedTo, ShareRefund } from './share-refunds.ts';

/**
 * Telling the people of a session what became of it and of their money: a cancellation (every party), a
 * mentor who did not come (the payers, refunded), or a dispute an admin upheld (the payers, refunded).
 */

export interface SessionFacts {
  reference: string;
  topic: string;
  startsAt: Date;
  timeZone: string;
  mentorName: string;
  hostName: string;
  publicUrl: string;
}

export interface CancellationFacts extends SessionFacts {
  cancellerName: string;
  reason: string;
  fullRefundHours: number;
}

export interface NoticePerson {
  name: string | null;
  email: string | null;
  phone: string | null;
  /** What happened to this person's money. */
  money:
    | { kind: 'REFUNDED'; amount: number; to: RefundedTo; mpesa?: { amount: number; phoneNumber: string } }
    | { kind: 'FORFEITED'; amount: number }
    | { kind: 'UNPAID' }
    | { kind: 'MENTOR'; earnings: number }
    /** The mentor who did not attend: their mentees were refunded and the hour is not paid. */
    | { kind: 'ABSENT_MENTOR' };
}

/** A session's facts for its notices, from the session and its description (session-money.repository.ts). */
export function sessionFactsOf(
  session: { reference: string; startsAt: Date },
  described: { topic: string; mentorName: string; hostName: string },
  env: { TIME_ZONE: string; PUBLIC_URL: string },
): SessionFacts {
  return {
    reference: session.reference,
    topic: described.topic,
    startsAt: session.startsAt,
    timeZone: env.TIME_ZONE,
    mentorName: described.mentorName,
    hostName: described.hostName,
    publicUrl: env.PUBLIC_URL,
  };
}

/** The participants refunded, each with what became of their money; SMS only to a phone its account proved. */
export function refundedPeople(
  participants: readonly MoneyParticipant[],
  refunds: ReadonlyMap<number, ShareRefund>,
): NoticePerson[] {
  return participants.flatMap((p) => {
    const refund = refunds.get(p.id);
    if (!refund) return [];
    // SMS only to a phone its account proved (issue 19).
    const phone = p.phoneVerified ? p.phoneNumber : null;
    return [{ name: p.name, email: p.email, phone, money: { kind: 'REFUNDED' as const, ...refund } }];
  });
}

function when(facts: SessionFacts): string {
  const local = localDateTimeOf(facts.startsAt, facts.timeZone);
  return `${formatDateChip(local.date)} at ${local.time}`;
}

function moneyLine(person: NoticePerson, facts: SessionFacts & { fullRefundHours?: number }): string {
  switch (person.money.kind) {
    case 'REFUNDED':
      if (person.money.mpesa) {
        const rest = person.money.amount - person.money.mpesa.amount;
        return `${refundMessages.sentToMpesa(person.money.mpesa.amount, person.money.mpesa.phoneNumber)}${
          rest > 0 ? ` ${formatKes(rest)} was refunded to your MyProsper wallet.` : ''
        }`;
      }
      return person.money.to === 'VOUCHER'
        ? `Your voucher was restored: its code pays for another ${facts.topic} session with ${facts.mentorName}.`
        : `${formatKes(person.money.amount)} was refunded to your MyProsper wallet; you can use it for your next session.`;
    case 'FORFEITED':
      return `It was cancelled less than ${facts.fullRefundHours} hours before the start, so under the cancellation policy your payment of ${formatKes(person.money.amount)} is not refunded.`;
    case 'UNPAID':
      return 'You had not paid for it, so nothing was charged.';
    case 'MENTOR':
      return person.money.earnings > 0
        ? `As it was cancelled late, ${formatKes(person.money.earnings)} was credited to your MyProsper wallet for the hour.`
        : 'The hour is free again in your calendar.';
    case 'ABSENT_MENTOR':
      return 'Your mentees were refunded in full, and the session is not paid.';
  }
}

function sessionsLink(facts: SessionFacts): string {
  return `Your sessions: ${facts.publicUrl.replace(/\/$/, '')}/sessions`;
}

export function cancellationEmail(person: NoticePerson, facts: CancellationFacts) {
  const withWhom = person.money.kind === 'MENTOR' ? facts.hostName : facts.mentorName;
  return {
    subject: `Session cancelled: ${facts.topic} on ${when(facts)}`,
    text: [
      `Hello ${person.name ?? 'there'},`,
      '',
      `The ${facts.topic} session with ${withWhom} on ${when(facts)} (East Africa Time), reference ${facts.reference}, was cancelled by ${facts.cancellerName}.`,
      `Reason: ${facts.reason}`,
      '',
      moneyLine(person, facts),
      '',
      sessionsLink(facts),
    ].join('\n'),
  };
}

export function cancellationSms(person: NoticePerson, facts: CancellationFacts): string {
  return `MyProsper: your ${facts.topic} session on ${when(facts)} (${facts.reference}) was cancelled by ${facts.cancellerName}. ${moneyLine(person, facts)}`;
}

export function mentorNoShowEmail(person: NoticePerson, facts: SessionFacts) {
  return {
    subject: `Refunded: ${facts.mentorName} did not come to your ${facts.topic} session`,
    text: [
      `Hello ${person.name ?? 'there'},`,
      '',
      `${facts.mentorName} did not come to the ${facts.topic} session on ${when(facts)} (East Africa Time), reference ${facts.reference}. We are sorry.`,
      '',
      moneyLine(person, facts),
      '',
      sessionsLink(facts),
    ].join('\n'),
  };
}

export function mentorNoShowSms(person: NoticePerson, facts: SessionFacts): string {
  return `MyProsper: ${facts.mentorName} did not come to your ${facts.topic} session on ${when(facts)} (${facts.reference}). ${moneyLine(person, facts)}`;
}

/** To a payer refunded because an admin upheld a dispute of the session (issue 21). */
export function disputeRefundEmail(person: NoticePerson, facts: SessionFacts) {
  return {
    subject: `Refunded: the dispute of your ${facts.topic} session was upheld`,
    text: [
      `Hello ${person.name ?? 'there'},`,
      '',
      `We looked into the problem reported with the ${facts.topic} session with ${facts.mentorName} on ${when(facts)} (East Africa Time), reference ${facts.reference}, and upheld it: your payment is refunded.`,
      '',
      moneyLine(person, facts),
      '',
      sessionsLink(facts),
    ].join('\n'),
  };
}

export function disputeRefundSms(person: NoticePerson, facts: SessionFacts): string {
  return `MyProsper: we upheld the problem reported with your ${facts.topic} session on ${when(facts)} (${facts.reference}). ${moneyLine(person, facts)}`;
}

/** To the mentor who did not attend; the subject opens with our words, never with anything a user typed. */
export function absentMentorEmail(person: NoticePerson, facts: SessionFacts & { presenceMinutes: number }) {
  return {
    subject: `Session ended: you did not attend the ${facts.topic} session on ${when(facts)}`,
    text: [
      `Hello ${person.name ?? 'there'},`,
      '',
      `You were not in the call of the ${facts.topic} session on ${when(facts)} (East Africa Time), reference ${facts.reference}, for at least ${facts.presenceMinutes} minutes between its start and its end, so the session has ended.`,
      '',
      moneyLine(person, facts),
      '',
      sessionsLink(facts),
    ].join('\n'),
  };
}

export function absentMentorSms(person: NoticePerson, facts: SessionFacts): string {
  return `MyProsper: you did not attend your ${facts.topic} session on ${when(facts)} (${facts.reference}), so it has ended. ${moneyLine(person, facts)}`;
}

/**
 * Where a session's attendee is told of it, if at all (issue 19): an invited number nobody took up only if
 * its invitation was sent (never about a session it never heard of), a declined one never; an account by
 * SMS only at a phone it proved.
 */
export function noticeAddresses(p: {
  isHost: boolean;
  adviseeId: number | null;
  invitationStatus: 'ACCEPTED' | 'PENDING' | 'DECLINED';
  invitedAt: Date | null;
  phoneVerified: boolean;
  phoneNumber: string | null;
  email: string | null;
  name: string | null;
}): { name: string | null; email: string | null; phone: string | null } | null {
  if (p.isHost || (p.adviseeId !== null && p.invitationStatus === 'ACCEPTED')) {
    return { name: p.name, email: p.email, phone: p.phoneVerified ? p.phoneNumber : null };
  }
  if (p.invitationStatus === 'PENDING' && p.invitedAt !== null && p.adviseeId === null) {
    return { name: null, email: null, phone: p.phoneNumber };
  }
  return null;
}

export interface NoticeChannels {
  mailer: Mailer;
  sms: SmsSender | null;
  log: FastifyBaseLogger;
}

/** Sends each person their e-mail and SMS; a failed one is logged and never undoes what happened. */
async function sendNotices(
  people: readonly NoticePerson[],
  render: (person: NoticePerson) => { email: { subject: string; text: string }; sms: string },
  channels: NoticeChannels,
): Promise<void> {
  for (const person of people) {
    const notice = render(person);
    if (person.email) {
      try {
        await channels.mailer.send({ to: person.email, ...notice.email });
      } catch (error) {
        channels.log.warn({ err: error }, 'session notice e-mail failed');
      }
    }
    if (person.phone && channels.sms) {
      try {
        await channels.sms.send({ to: person.phone, text: notice.sms });
      } catch (error) {
        channels.log.warn({ err: error }, 'session notice SMS failed');
      }
    }
  }
}

export function sendCancellationNotices(
  people: readonly NoticePerson[],
  facts: CancellationFacts,
  channels: NoticeChannels,
): Promise<void> {
  return sendNotices(
    people,
    (person) => ({ email: cancellationEmail(person, facts), sms: cancellationSms(person, facts) }),
    channels,
  );
}

/** The payers of a session whose mentor did not attend, refunded, and that mentor (money ABSENT_MENTOR). */
export function sendMentorNoShowNotices(
  people: readonly NoticePerson[],
  facts: SessionFacts & { presenceMinutes: number },
  channels: NoticeChannels,
): Promise<void> {
  return sendNotices(
    people,
    (person) =>
      person.money.kind === 'ABSENT_MENTOR'
        ? { email: absentMentorEmail(person, facts), sms: absentMentorSms(person, facts) }
        : { email: mentorNoShowEmail(person, facts), sms: mentorNoShowSms(person, facts) },
    channels,
  );
}

/** The payers of a session whose dispute an admin upheld, refunded. */
export function sendDisputeRefundNotices(
  people: readonly NoticePerson[],
  facts: SessionFacts,
  channels: NoticeChannels,
): Promise<void> {
  return sendNotices(
    people,
    (person) => ({ email: disputeRefundEmail(person, facts), sms: disputeRefundSms(person, facts) }),
    channels,
  );
}
