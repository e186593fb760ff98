import { formatDateChip } from '@myprosper/contract/dates';
import { localDateTimeOf } from '@myprosper/contract/slots';
import { nameForMessages } from '@myprosper/contract/validation';
import type { Audience, NotificationKind } from './notification-plan.ts';

/** The words of every session message: plain text, short enough to read on a phone. */

export interface MessageFacts {
  kind: NotificationKind;
  audience: Audience;
  /** The person's own name when known (greeting). */
  name: string | null;
  reference: string;
  sessionType: 'INDIVIDUAL' | 'GROUP';
  topic: string;
  mentor: string;
  host: string;
  /** How many mentees besides the host (for the mentor's words). */
  otherMentees: number;
  startsAt: Date;
  /** The hour a proposed move would take (RESCHEDULE_PROPOSAL). */
  proposedStartsAt?: Date | null;
  /** While unpaid: the hold runs out at this instant. */
  payBy: Date | null;
  /** A group attendee who accepted and has not paid their share: reminders ask them to pay (issue 27). */
  owesShare?: boolean;
  /** The invitation link for a pending invitee, else the session page. */
  link: string;
  timeZone: string;
  /** A mentee's open action items from earlier sessions with this mentor: their reminders list them (issue 24). */
  openItems?: ReadonlyArray<{ title: string; dueOn: string | null }>;
}

/** Action items an e-mail lists by name; the rest are counted. */
const listedItems = 5;

export interface ComposedMessage {
  subject: string;
  /** E-mail body (the mailer adds the signature). */
  email: string;
  sms: string;
}

/** 'Nairobi time' for Africa/Nairobi. */
function zoneLabel(timeZone: string): string {
  return `${(timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ')} time`;
}

/** 'Mon 3rd, Jan 2022 at 14:00' in the platform time zone. */
export function formatWhen(instant: Date, timeZone: string): string {
  const local = localDateTimeOf(instant, timeZone);
  return `${formatDateChip(local.date)} at ${local.time}`;
}

function menteesOf(facts: MessageFacts): string {
  if (facts.otherMentees === 0) return facts.host;
  return `${facts.host} and ${facts.otherMentees} other${facts.otherMentees === 1 ? '' : 's'}`;
}

/** A person's name as a message may carry it (letters, spaces, apostrophes, hyphens), or `fallback`. */
function shown(name: string | null, fallback: string): string {
  return nameForMessages(name) || fallback;
}

/**
 * The words of a message. Our fixed words open every SMS and subject (issue 20): no name or other text someone
 * typed comes first, and names are shown only by their letters (an older account may hold anything).
 */
export function composeMessage(raw: MessageFacts): ComposedMessage {
  const facts: MessageFacts = {
    ...raw,
    name: nameForMessages(raw.name) || null,
    host: shown(raw.host, 'A MyProsper member'),
    mentor: shown(raw.mentor, 'your mentor'),
  };
  const when = `${formatWhen(facts.startsAt, facts.timeZone)} (${zoneLabel(facts.timeZone)})`;
  const time = localDateTimeOf(facts.startsAt, facts.timeZone).time;
  const isMentor = facts.audience === 'MENTOR';
  const withWhom = isMentor ? menteesOf(facts) : facts.mentor;
  const kindOfSession = facts.sessionType === 'GROUP' ? 'group session' : 'session';
  const isInvitee = facts.audience === 'INVITEE';
  const action = isInvitee ? `Accept your invitation: ${facts.link}` : facts.link;
  const details = [
    `Topic: ${facts.topic}`,
    isMentor ? `Mentee${facts.otherMentees ? 's' : ''}: ${menteesOf(facts)}` : `Mentor: ${facts.mentor}`,
    `When: ${when}`,
    `Reference: ${facts.reference}`,
  ].join('\n');
  const payShare = facts.owesShare ? ' Your share is not paid yet: please pay it on the session page.' : '';
  const open = facts.openItems ?? [];
  const itemsWord = `${open.length} open action item${open.length === 1 ? '' : 's'}`;
  // Titles are someone's typing: listed under our own words in the e-mail, only counted in the SMS.
  const itemLines =
    open.length === 0
      ? []
      : [
          '',
          `Your ${itemsWord} from ${facts.mentor}:`,
          ...open
            .slice(0, listedItems)
            .map((i) => `- ${i.title}${i.dueOn ? ` (due ${formatDateChip(i.dueOn)})` : ''}`),
          ...(open.length > listedItems
            ? [`and ${open.length - listedItems} more on your journey page.`]
            : []),
        ];
  const itemsSms = open.length === 0 ? '' : ` You have ${itemsWord} from ${facts.mentor}.`;
  const greeting = facts.name ? `Hello ${facts.name},` : 'Hello,';
  const email = (lines: string[]) => [greeting, '', ...lines, '', details, '', action].join('\n');

  switch (facts.kind) {
    case 'INVITATION':
      return {
        subject: `Invitation to a MyProsper group session on ${facts.topic}, from ${facts.host}`,
        email: email([
          `You are invited to a MyProsper group session with ${facts.mentor}, by ${facts.host}.`,
        ]),
        sms: `MyProsper invitation: a group session on ${facts.topic} with ${facts.mentor}, ${when}, from ${facts.host}. Accept: ${facts.link}`,
      };
    case 'CONFIRMATION': {
      if (isMentor) {
        return {
          subject: `New ${kindOfSession}: ${facts.topic} with ${withWhom}`,
          email: email([`${withWhom} booked a ${kindOfSession} with you.`]),
          sms: `New MyProsper ${kindOfSession}: ${facts.topic} with ${withWhom}, ${when}. Ref ${facts.reference}. ${facts.link}`,
        };
      }
      const payBy = facts.payBy
        ? ` Please pay by ${localDateTimeOf(facts.payBy, facts.timeZone).time} to keep it.`
        : '';
      const opening =
        facts.audience === 'HOST'
          ? `Your MyProsper ${kindOfSession} is booked.`
          : `A MyProsper group session was booked for you by ${facts.host}.`;
      return {
        subject: `Session booked: ${facts.topic} with ${facts.mentor}`,
        email: email([`${opening}${payBy}`]),
        sms: `${opening} ${facts.topic} with ${facts.mentor}, ${when}. Ref ${facts.reference}.${payBy} ${action}`,
      };
    }
    case 'RESCHEDULE':
      return {
        subject: `Session moved: ${facts.topic} is now ${formatWhen(facts.startsAt, facts.timeZone)}`,
        email: email([`Your MyProsper ${kindOfSession} with ${withWhom} has moved to ${when}.`]),
        sms: `Your MyProsper ${kindOfSession} on ${facts.topic} with ${withWhom} has moved to ${when}. Ref ${facts.reference}. ${action}`,
      };
    case 'RESCHEDULE_PROPOSAL': {
      const proposed = facts.proposedStartsAt ?? facts.startsAt;
      const newWhen = `${formatWhen(proposed, facts.timeZone)} (${zoneLabel(facts.timeZone)})`;
      return {
        subject: `New time proposed: ${facts.topic} on ${formatWhen(proposed, facts.timeZone)}`,
        email: email([
          `A new time is proposed for your MyProsper ${kindOfSession}: ${newWhen}. It moves only if you accept; if you decline, you are refunded in full. Unanswered, it stays at its time.`,
        ]),
        sms: `MyProsper: a new time is proposed for your ${kindOfSession} on ${facts.topic}: ${newWhen}. Accept, or decline for a full refund: ${facts.link}`,
      };
    }
    case 'REMINDER_24H':
      return {
        subject: `Reminder: ${facts.topic} with ${withWhom}, ${formatWhen(facts.startsAt, facts.timeZone)}`,
        email: email([
          `A reminder of your MyProsper ${kindOfSession} with ${withWhom}, ${when}.${payShare}`,
          ...itemLines,
        ]),
        sms: `Reminder: your MyProsper ${kindOfSession} on ${facts.topic} with ${withWhom} is on ${when}.${payShare}${itemsSms} ${action}`,
      };
    case 'REMINDER_1H':
      return {
        subject: `Starting soon: ${facts.topic} with ${withWhom} at ${time}`,
        email: email([
          `Your MyProsper ${kindOfSession} with ${withWhom} starts soon, at ${time}.${payShare}`,
          ...itemLines,
        ]),
        sms: `Your MyProsper ${kindOfSession} on ${facts.topic} with ${withWhom} starts soon, at ${time} (${zoneLabel(facts.timeZone)}).${payShare}${itemsSms} ${isInvitee ? action : facts.owesShare ? `Pay: ${facts.link}` : `Join: ${facts.link}`}`,
      };
  }
}
