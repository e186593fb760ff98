/**
 * What a session owes its people at a given moment, decided without any I/O. The job runs this every minute
 * over the upcoming sessions that hold their slot; what it decides is recorded per person, kind and channel,
 * so nothing is decided twice.
 */

export const notificationKinds = [
  'INVITATION',
  'CONFIRMATION',
  'RESCHEDULE',
  'REMINDER_24H',
  'REMINDER_1H',
  'RESCHEDULE_PROPOSAL',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export type Channel = 'EMAIL' | 'SMS';
export const channels: readonly Channel[] = ['EMAIL', 'SMS'];

/** A failed message is tried this many times in all. */
export const maxAttempts = 3;

/**
 * When several messages fall due for one person at once, only the first of this order goes out (it carries
 * the session's current time) and the others are skipped for good: a booking made 3 hours ahead gets its
 * confirmation, not also a '24 hours' reminder; after a long stop only the 1-hour reminder goes.
 */
const priority: readonly NotificationKind[] = [
  'INVITATION',
  'CONFIRMATION',
  'RESCHEDULE',
  'REMINDER_1H',
  'REMINDER_24H',
];

const hour = 3_600_000;

export interface PlanSession {
  sessionType: 'INDIVIDUAL' | 'GROUP';
  /** The booking status as of now (a lapsed hold is EXPIRED). */
  status: 'PENDING_PAYMENT' | 'CONFIRMED' | 'EXPIRED' | 'CANCELLED';
  startsAt: Date;
  /** Times it was moved: messages about its time are owed again for each. */
  icsSequence: number;
  /** A proposed move waiting for these people's answers (person keys), each owed one notice of it (issue 20). */
  proposal?: { id: number; awaiting: readonly string[] } | null;
}

/** Messages about a session's time: to one person, at most one of these per coalescing window (issue 20). */
const timeNotices: readonly NotificationKind[] = ['RESCHEDULE', 'RESCHEDULE_PROPOSAL'];

export type Audience = 'HOST' | 'ATTENDEE' | 'INVITEE' | 'MENTOR';

export interface PlanPerson {
  /** 'participant:<id>' or 'mentor:<id>' */
  key: string;
  audience: Audience;
  email: string | null;
  phone: string | null;
}

export interface RecordedNotification {
  kind: NotificationKind;
  sequence: number;
  person: string;
  channel: Channel;
  status: 'SENDING' | 'SENT' | 'FAILED' | 'SKIPPED';
  attempts: number;
  /** When it was first claimed. */
  at: Date;
}

export interface PlannedNotification<P extends PlanPerson = PlanPerson> {
  kind: NotificationKind;
  sequence: number;
  person: P;
  channel: Channel;
  /** null when skipped */
  recipient: string | null;
  action: 'SEND' | 'RETRY' | 'SKIP';
}

/** The calendar sequence a kind is keyed by: messages about the time follow the session's moves. */
export function sequenceOf(kind: NotificationKind, session: PlanSession): number {
  if (kind === 'RESCHEDULE_PROPOSAL') return session.proposal?.id ?? 0;
  return kind === 'INVITATION' || kind === 'CONFIRMATION' ? 0 : session.icsSequence;
}

/** Mentors hear of a session once it is confirmed (paid): their lists show no unpaid holds. */
function knowsOfSession(person: PlanPerson, session: PlanSession): boolean {
  return person.audience !== 'MENTOR' || session.status === 'CONFIRMED';
}

/**
 * The kinds due for this person at `now`, before anything recorded is taken into account. An invited number
 * (INVITEE) is owed only its one invitation, and only once the host has paid (the session is CONFIRMED):
 * until they accept, nothing else about the session goes to them (issue 19).
 */
export function dueKinds(session: PlanSession, person: PlanPerson, now: Date): NotificationKind[] {
  const isHeld = session.status === 'CONFIRMED' || session.status === 'PENDING_PAYMENT';
  const untilStart = session.startsAt.getTime() - now.getTime();
  if (!isHeld || untilStart <= 0 || !knowsOfSession(person, session)) return [];
  if (person.audience === 'INVITEE') {
    return session.sessionType === 'GROUP' && session.status === 'CONFIRMED' ? ['INVITATION'] : [];
  }
  const due: NotificationKind[] = [];
  due.push('CONFIRMATION');
  if (session.icsSequence > 0) due.push('RESCHEDULE');
  if (session.proposal?.awaiting.includes(person.key)) due.push('RESCHEDULE_PROPOSAL');
  if (untilStart <= hour) due.push('REMINDER_1H');
  else if (untilStart <= 24 * hour) due.push('REMINDER_24H');
  return due;
}

function addressOf(person: PlanPerson, channel: Channel): string | null {
  return channel === 'EMAIL' ? person.email : person.phone;
}

/**
 * The messages to send, retry and skip now for one session. A kind nobody recorded yet for a person is
 * fresh: the first fresh kind by priority is sent on every channel the person has an address for, the rest
 * are skipped; a proposed move's notice is sent whatever else goes (it asks for an answer). Notices about the
 * session's time (a move, a proposed move) wait while one went to the person within `coalesceMinutes`: the
 * next one, sent after, carries the latest time, so many moves in a row are one message (issue 20). A FAILED
 * message still due is retried until maxAttempts.
 */
export function planNotifications<P extends PlanPerson>(
  session: PlanSession,
  people: readonly P[],
  recorded: readonly RecordedNotification[],
  now: Date,
  coalesceMinutes = 0,
): PlannedNotification<P>[] {
  const planned: PlannedNotification<P>[] = [];
  for (const person of people) {
    const mine = recorded.filter((r) => r.person === person.key);
    const due = dueKinds(session, person, now);
    const recentNotice = mine.some(
      (r) =>
        timeNotices.includes(r.kind) &&
        r.status !== 'SKIPPED' &&
        now.getTime() - r.at.getTime() < coalesceMinutes * 60_000,
    );
    const unrecorded = due.filter(
      (kind) => !mine.some((r) => r.kind === kind && r.sequence === sequenceOf(kind, session)),
    );
    // A proposal's notice first; a move's notice due with it waits for the window after it.
    const isWaiting = (kind: NotificationKind) =>
      timeNotices.includes(kind) &&
      (recentNotice || (kind === 'RESCHEDULE' && unrecorded.includes('RESCHEDULE_PROPOSAL')));
    const fresh = unrecorded.filter((kind) => !isWaiting(kind));
    const chosen = priority.find((kind) => fresh.includes(kind));
    for (const kind of fresh) {
      for (const channel of channels) {
        const recipient = addressOf(person, channel);
        const isSent = (kind === chosen || kind === 'RESCHEDULE_PROPOSAL') && recipient !== null;
        planned.push({
          kind,
          sequence: sequenceOf(kind, session),
          person,
          channel,
          recipient: isSent ? recipient : null,
          action: isSent ? 'SEND' : 'SKIP',
        });
      }
    }
    for (const failed of mine) {
      const recipient = addressOf(person, failed.channel);
      const isStillDue = due.includes(failed.kind) && failed.sequence === sequenceOf(failed.kind, session);
      if (failed.status === 'FAILED' && failed.attempts < maxAttempts && isStillDue && recipient) {
        const { kind, sequence, channel } = failed;
        planned.push({ kind, sequence, person, channel, recipient, action: 'RETRY' });
      }
    }
  }
  return planned;
}
