import { z } from 'zod';
import { envelope, idParam, messageOnly } from './common.ts';
import { isCalendarDate } from './dates.ts';

/**
 * Between sessions (issue 24): a session's notes and action items, and a mentee's journey with their mentors.
 * docs/decisions/024-session-notes-and-action-items.md says who writes and reads what.
 */

/** Notes: the mentor's (shared with the session's attendees) and each mentee's own (private to them). */
export const noteMaxLength = 5000;
export const actionItemTitleMaxLength = 200;
/** Action items one mentee may have from one session. */
export const maxActionItemsPerAttendee = 20;
/** How far after the session a due date may be. */
export const maxDueDays = 366;

export const journalMessages = {
  notFound: 'This session was not found',
  itemNotFound: 'This action item was not found',
  onlyMentorWrites: 'Only the mentor of this session can write its notes and action items',
  onlyAttendeesWrite: 'Only the attendees of this session can write their own notes on it',
  onlyOwnerTicks: 'Only the mentee this action item is for can tick it',
  notStarted: 'Notes and action items can be written once the session has started',
  notHeld: 'This session did not take place, so it has no notes or action items',
  noteTooLong: `Notes can be at most ${noteMaxLength.toLocaleString('en')} characters`,
  titleRequired: 'Please describe the action item',
  titleTooLong: `An action item can be at most ${actionItemTitleMaxLength} characters`,
  dueDateInvalid: 'Please give the due date as a real date (yyyy-MM-dd)',
  dueDateBeforeSession: 'The due date cannot be before the session',
  dueDateTooFar: 'The due date can be at most a year after the session',
  tooManyItems: `A mentee can have at most ${maxActionItemsPerAttendee} action items from one session`,
  notAnAttendee: 'This person is not an attendee of this session',
  notYourMentee: 'You have no sessions with this mentee',
  notesSaved: 'Notes saved',
  itemAdded: 'Action item added',
  itemDone: 'Action item done',
  itemReopened: 'Action item reopened',
  itemRemoved: 'Action item removed',
} as const;

/** Days from one yyyy-MM-dd to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const noteBody = z
  .string()
  .max(noteMaxLength, journalMessages.noteTooLong)
  .transform((value) => value.trim());

/** PUT /myprosper/api/sessions/{id}/notes — the caller's notes on the session; empty removes them. */
export const saveNotesRequest = z.object({ body: noteBody });
export type SaveNotesRequest = z.input<typeof saveNotesRequest>;

export const dueOn = z
  .string()
  .trim()
  .max(10, journalMessages.dueDateInvalid)
  .refine((value) => value === '' || isCalendarDate(value), journalMessages.dueDateInvalid)
  .transform((value) => (value === '' ? null : value));

/** POST /myprosper/api/sessions/{id}/actionItems — the mentor adds an item for one attendee, or for each. */
export const addActionItemRequest = z.object({
  /** One line: runs of spaces, tabs and line breaks become one space. */
  title: z
    .string()
    .max(actionItemTitleMaxLength * 2, journalMessages.titleTooLong)
    .transform((value) => value.replace(/[\s\p{Cc}]+/gu, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, journalMessages.titleRequired)
        .max(actionItemTitleMaxLength, journalMessages.titleTooLong),
    ),
  /** yyyy-MM-dd, optional (empty or null: none). */
  dueOn: dueOn.nullish().transform((value) => value ?? null),
  /** Whose item it is; left out in a group session: one item for each attendee. */
  adviseeId: idParam.nullish(),
});
export type AddActionItemRequest = z.input<typeof addActionItemRequest>;

/** PUT /myprosper/api/actionItems/{itemId} — the mentee ticks their item done, or not done. */
export const tickActionItemRequest = z.object({ done: z.boolean() });
export type TickActionItemRequest = z.input<typeof tickActionItemRequest>;

export const actionItemParams = z.object({ itemId: idParam });

export const actionItem = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  /** The mentee it is for. */
  adviseeId: z.number().int(),
  adviseeName: z.string(),
  title: z.string(),
  /** yyyy-MM-dd or null */
  dueOn: z.string().nullable(),
  /** ISO instant it was ticked done; null while open. */
  doneAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ActionItem = z.infer<typeof actionItem>;

export const note = z.object({ body: z.string(), updatedAt: z.string() });
export type Note = z.infer<typeof note>;

/** GET /myprosper/api/sessions/{id}/journal — what the caller may read of one session's notes and items. */
export const sessionJournal = z.object({
  sessionId: z.number().int(),
  viewer: z.enum(['MENTOR', 'MENTEE']),
  /** The mentor's notes, shared with every attendee. */
  mentorNotes: note.nullable(),
  /** The caller's own notes as a mentee (private to them); always null for the mentor. */
  ownNotes: note.nullable(),
  /** The mentor: every attendee's items; a mentee: their own. Oldest first. */
  actionItems: z.array(actionItem),
  /** Whether the caller may write now (the session started and was held), and why not when not. */
  canWrite: z.boolean(),
  whyNot: z.string().nullable(),
  /** For the mentor: who items can be for (the session's registered attendees). */
  attendees: z.array(z.object({ adviseeId: z.number().int(), name: z.string() })),
});
export type SessionJournal = z.infer<typeof sessionJournal>;
export const sessionJournalResponse = envelope(sessionJournal);

export const actionItemResponse = envelope(z.array(actionItem));
export const journalMessageResponse = messageOnly;

/** One session of a journey: when, with whom, its notes and action items. */
export const journeyEntry = z.object({
  sessionId: z.number().int(),
  reference: z.string(),
  sessionType: z.enum(['INDIVIDUAL', 'GROUP']),
  topic: z.object({ id: z.number().int(), name: z.string() }),
  mentor: z.object({ id: z.number().int(), name: z.string() }),
  startTimeUtc: z.string(),
  /** yyyy-MM-dd'T'HH:mm:ss in the platform time zone. */
  startTime: z.string(),
  mentorNotes: note.nullable(),
  /** The mentee's own notes; only in their own journey (null in a mentor's view). */
  ownNotes: note.nullable(),
  openItems: z.array(actionItem),
  doneItems: z.number().int(),
});
export type JourneyEntry = z.infer<typeof journeyEntry>;

export const journeyQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type JourneyQuery = z.input<typeof journeyQuery>;

export const journeyPage = z.object({
  entries: z.array(journeyEntry),
  /** Open items over the whole journey (not only this page). */
  openItems: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type JourneyPage = z.infer<typeof journeyPage>;
export const journeyPageResponse = envelope(journeyPage);

/** GET /myprosper/api/journey/mentees/{adviseeId} — the mentor's view of a mentee's journey with them. */
export const menteeJourneyParams = z.object({ adviseeId: idParam });
