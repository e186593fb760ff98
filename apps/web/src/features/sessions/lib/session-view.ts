import { formatDateChip, isCalendarDate, platformTimeZone } from '@myprosper/contract/dates';
import { defaultSessionRules } from '@myprosper/contract/rules';
import { type Session, sessionMessages } from '@myprosper/contract/sessions';
import { localDateTimeOf } from '@myprosper/contract/slots';

/** How one person sees a session: what to call the other side, its time in words, and what they may do. */

export interface Viewer {
  userId: number;
  isAdvisor: boolean;
}

/** A host's moves close this long before the start (the server's RESCHEDULE_CUTOFF_HOURS default). */
/** The rules as they ship, until the server's (GET sessionRules) have arrived. */
export const shippedRescheduleCutoffHours = defaultSessionRules.rescheduleCutoffHours;

function dateInWords(date: string): string {
  return isCalendarDate(date) ? formatDateChip(date) : date;
}

/** 'Mon 3rd, Jan 2022 · 09:00–10:00' in a time zone (the platform's, Africa/Nairobi, by default). */
export function sessionWhen(
  session: Pick<Session, 'startTimeUtc' | 'endTimeUtc'>,
  timeZone = platformTimeZone,
) {
  const start = localDateTimeOf(new Date(session.startTimeUtc), timeZone);
  const end = localDateTimeOf(new Date(session.endTimeUtc), timeZone);
  return `${dateInWords(start.date)} · ${start.time}–${end.time}`;
}

/** 'Mon 3rd, Jan 2022 at 09:00' in the platform time zone. */
export function instantInWords(iso: string, timeZone = platformTimeZone): string {
  const local = localDateTimeOf(new Date(iso), timeZone);
  return `${dateInWords(local.date)} at ${local.time}`;
}

/** The viewer's own zone, when it is not the platform's (then the page also shows the time there). */
export function viewerTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return null;
    const probe = new Date();
    const same = localDateTimeOf(probe, zone).dateTime === localDateTimeOf(probe, platformTimeZone).dateTime;
    return same ? null : zone;
  } catch {
    return null;
  }
}

/** 'starts in 3 days', 'starts in 5 hours', 'starts in 20 minutes', or 'started': how soon a session starts. */
export function startsIn(session: Pick<Session, 'startTimeUtc'>, now: Date): string {
  const minutes = Math.round((new Date(session.startTimeUtc).getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return 'started';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  if (minutes < 60) return `starts ${format.format(minutes, 'minute')}`;
  if (minutes < 48 * 60) return `starts ${format.format(Math.round(minutes / 60), 'hour')}`;
  return `starts ${format.format(Math.round(minutes / 1440), 'day')}`;
}

/** Mentors see the mentee (the host, and how many more in a group); mentees see their mentor. */
export function otherParty(session: Session, viewer: Viewer): { role: 'Mentor' | 'Mentee'; name: string } {
  if (!viewer.isAdvisor) return { role: 'Mentor', name: session.advisor.name };
  const others = Math.max(0, session.groupSessionAttendees.length - 1);
  const name =
    others > 0
      ? `${session.advisee.name} and ${others} other${others === 1 ? '' : 's'}`
      : session.advisee.name;
  return { role: 'Mentee', name };
}

/** Whether this viewer's part is paid: mentors see confirmed sessions as paid; a group attendee, their share. */
export function isPaidForViewer(session: Session, viewer: Viewer): boolean {
  if (viewer.isAdvisor) return session.paymentStatus === 'PAID';
  if (session.yourInvitation) return false;
  const own = session.groupSessionAttendees.find((attendee) => attendee.adviseeId === viewer.userId);
  return (own?.paymentStatus ?? session.paymentStatus) === 'PAID';
}

export type PaymentBadge =
  | 'Paid'
  | 'Awaiting payment'
  | 'Expired'
  | 'Cancelled'
  | 'Invited'
  | 'Declined'
  | typeof sessionMessages.mentorDidNotAttend;

export function paymentBadge(session: Session, viewer: Viewer): PaymentBadge {
  if (session.mentorNoShow) return sessionMessages.mentorDidNotAttend;
  if (session.status === 'EXPIRED') return 'Expired';
  if (session.status === 'CANCELLED') return 'Cancelled';
  if (!viewer.isAdvisor && session.yourInvitation) {
    return session.yourInvitation.invitationStatus === 'DECLINED' ? 'Declined' : 'Invited';
  }
  return isPaidForViewer(session, viewer) ? 'Paid' : 'Awaiting payment';
}

export const paymentBadgeColor: Record<PaymentBadge, string> = {
  Paid: 'green',
  'Awaiting payment': 'yellow',
  Expired: 'gray',
  Cancelled: 'red',
  Invited: 'blue',
  Declined: 'gray',
  [sessionMessages.mentorDidNotAttend]: 'red',
};

/** Still holding its hour (unpaid within the hold, or confirmed), and not ended by a mentor who did not come. */
export function isActive(session: Session): boolean {
  return (session.status === 'PENDING_PAYMENT' || session.status === 'CONFIRMED') && !session.mentorNoShow;
}

/**
 * The host may move an active upcoming session until `cutoffHours` (the server's RESCHEDULE_CUTOFF_HOURS)
 * before it starts, the mentor until it starts.
 */
export function canReschedule(
  session: Session,
  viewer: Viewer,
  now: Date,
  cutoffHours = shippedRescheduleCutoffHours,
): boolean {
  const isHostOrMentor = viewer.isAdvisor || session.advisee.id === viewer.userId;
  // The mentor may move it until it starts (a late move waits for the mentees); the host until the cutoff.
  const cutoff = new Date(session.startTimeUtc).getTime() - (viewer.isAdvisor ? 0 : cutoffHours * 3_600_000);
  return (
    isHostOrMentor &&
    isActive(session) &&
    session.sessionStatus === 'UPCOMING' &&
    now.getTime() < cutoff &&
    !session.rescheduleProposal &&
    (session.reschedulesLeft ?? 1) > 0
  );
}

/** The viewer is a paid mentee whose answer a proposed move waits for. */
export function awaitsMyAnswer(session: Session, viewer: Viewer): boolean {
  if (viewer.isAdvisor || !session.rescheduleProposal) return false;
  return session.rescheduleProposal.answers.some(
    (a) => a.adviseeId === viewer.userId && a.answer === 'AWAITED',
  );
}

/** The host and the mentor may cancel an active session until it starts (the refund policy says what comes back). */
export function canCancel(session: Session, viewer: Viewer, now: Date): boolean {
  const isHostOrMentor = viewer.isAdvisor || session.advisee.id === viewer.userId;
  return isHostOrMentor && isActive(session) && new Date(session.startTimeUtc).getTime() > now.getTime();
}

/** When a session's call opens and closes (SessionRules: callEarlyJoinMinutes, callGraceMinutes). */
export interface CallWindowRules {
  callEarlyJoinMinutes: number;
  callGraceMinutes: number;
}

/** The rules as they ship, until the server's have arrived. */
export const shippedCallWindow: CallWindowRules = {
  callEarlyJoinMinutes: defaultSessionRules.callEarlyJoinMinutes,
  callGraceMinutes: defaultSessionRules.callGraceMinutes,
};

export function callWindow(
  session: Pick<Session, 'startTimeUtc' | 'endTimeUtc'>,
  rules: CallWindowRules = shippedCallWindow,
): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(new Date(session.startTimeUtc).getTime() - rules.callEarlyJoinMinutes * 60_000),
    closesAt: new Date(new Date(session.endTimeUtc).getTime() + rules.callGraceMinutes * 60_000),
  };
}

/**
 * Whether the viewer may start (mentor) or join (attendee) the call: 'open' now; 'notYet' (it opens at
 * `callWindow().opensAt`); 'no' for anyone else: the session must be confirmed and paid by the viewer, its
 * call not ended (a mentor who did not come ends it for everyone) nor closed.
 */
export function callEntry(
  session: Session,
  viewer: Viewer,
  now: Date,
  rules: CallWindowRules = shippedCallWindow,
): 'open' | 'notYet' | 'no' {
  const mayEnter =
    session.status === 'CONFIRMED' &&
    !session.mentorNoShow &&
    session.sessionCallStatus !== 'ENDED' &&
    isPaidForViewer(session, viewer);
  if (!mayEnter) return 'no';
  const { opensAt, closesAt } = callWindow(session, rules);
  if (now.getTime() >= closesAt.getTime()) return 'no';
  return now.getTime() < opensAt.getTime() ? 'notYet' : 'open';
}

/** Start or join now: the call is open and the viewer may enter it (callEntry). */
export function canEnterCall(
  session: Session,
  viewer: Viewer,
  now: Date,
  rules: CallWindowRules = shippedCallWindow,
): boolean {
  return callEntry(session, viewer, now, rules) === 'open';
}

/** A mentee who paid and attended may rate a session once: the server says so (`canRate`). */
export function canRate(session: Session, viewer: Viewer): boolean {
  return !viewer.isAdvisor && session.canRate;
}

/** The advisee still owes their part of an active session (the payments feature fills this in). */
export function owesPayment(session: Session, viewer: Viewer): boolean {
  return (
    !viewer.isAdvisor &&
    !session.yourInvitation &&
    isActive(session) &&
    session.sessionStatus === 'UPCOMING' &&
    !isPaidForViewer(session, viewer)
  );
}

/**
 * A group attendee (not the host) who has not accepted the invitation yet: invited by their verified phone
 * (`yourInvitation`, nothing of theirs attached yet), or an older attendee row of theirs still PENDING.
 */
export function hasPendingInvitation(session: Session, viewer: Viewer): boolean {
  if (viewer.isAdvisor || session.sessionType !== 'GROUP') return false;
  if (session.yourInvitation) return session.yourInvitation.invitationStatus === 'PENDING';
  const own = session.groupSessionAttendees.find((attendee) => attendee.adviseeId === viewer.userId);
  return Boolean(own && !own.isHost && own.invitationStatus === 'PENDING');
}
