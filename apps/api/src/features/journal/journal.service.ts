import {
  type ActionItem,
  daysBetween,
  type JourneyEntry,
  type JourneyPage,
  journalMessages,
  maxActionItemsPerAttendee,
  maxDueDays,
  type Note,
  type SessionJournal,
} from '@myprosper/contract/journal';
import { localDateTimeOf } from '@myprosper/contract/slots';
import type { Db } from '../../db/connection.ts';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import {
  effectiveStatus,
  type SessionRecord,
  SessionsRepository,
  type SessionsService,
} from '../sessions/sessions.door.ts';
import { type ActionItemRecord, JournalRepository, type NoteRecord } from './journal.repository.ts';

type Viewer = 'ADVISOR' | 'ADVISEE';

/** Why nobody may write on this session now, or null when its people may (decision 024). */
export function writeRefusal(record: SessionRecord, now: Date): string | null {
  if (effectiveStatus(record, now) !== 'CONFIRMED' || record.mentorNoShow) return journalMessages.notHeld;
  if (record.startsAt > now) return journalMessages.notStarted;
  return null;
}

function toNote(record: NoteRecord | undefined): Note | null {
  return record ? { body: record.body, updatedAt: record.updatedAt.toISOString() } : null;
}

function toItem(record: ActionItemRecord): ActionItem {
  return {
    id: record.id,
    sessionId: record.sessionId,
    adviseeId: record.adviseeId,
    adviseeName: record.adviseeName,
    title: record.title,
    dueOn: record.dueOn,
    doneAt: record.doneAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
  };
}

/**
 * Between sessions (issue 24): the notes and action items of a session, and a mentee's journey. Only the
 * session's mentor writes its notes and items, once it started and if it was held; the mentor's notes are
 * read by every attendee, a mentee's own notes by them alone, an action item by its mentee and the mentor.
 * Anybody else is answered as if the session did not exist (404), as the session page does.
 */
export class JournalService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionsService,
    private readonly timeZone: string,
  ) {}

  /** The session's registered attendees (the host, and those who accepted), as items may name them. */
  private async attendeesOf(record: SessionRecord): Promise<Array<{ adviseeId: number; name: string }>> {
    const participants = await new SessionsRepository(this.db).findParticipants([record.id]);
    return participants
      .filter((p) => p.isHost || p.invitationStatus === 'ACCEPTED')
      .filter((p): p is typeof p & { adviseeId: number } => p.adviseeId !== null)
      .map((p) => ({ adviseeId: p.adviseeId, name: p.name ?? 'Mentee' }));
  }

  async journal(caller: CurrentUser, sessionId: number): Promise<SessionJournal> {
    const { record, viewer } = await this.sessions.findReadable(caller, sessionId);
    const repository = new JournalRepository(this.db);
    const isMentor = viewer === 'ADVISOR';
    const [notes, items, attendees] = await Promise.all([
      repository.findNotes([record.id], isMentor ? null : caller.id),
      repository.findItems([record.id], isMentor ? null : caller.id),
      isMentor ? this.attendeesOf(record) : Promise.resolve([]),
    ]);
    const whyNot = writeRefusal(record, new Date());
    return {
      sessionId: record.id,
      viewer: isMentor ? 'MENTOR' : 'MENTEE',
      mentorNotes: toNote(notes.find((n) => n.isMentor)),
      ownNotes: isMentor ? null : toNote(notes.find((n) => !n.isMentor && n.authorId === caller.id)),
      actionItems: items.map(toItem),
      canWrite: whyNot === null,
      whyNot,
      attendees,
    };
  }

  /** The mentor's notes (shared), or a mentee's own (private); an empty text removes them. */
  async saveNotes(caller: CurrentUser, sessionId: number, body: string): Promise<void> {
    const { record, viewer } = await this.sessions.findReadable(caller, sessionId);
    const refusal = writeRefusal(record, new Date());
    if (refusal) throw invalid(refusal);
    await new JournalRepository(this.db).saveNotes({
      sessionId: record.id,
      authorId: caller.id,
      isMentor: viewer === 'ADVISOR',
      body,
      now: new Date(),
    });
  }

  /**
   * The mentor gives an attendee an action item; with no attendee named, each attendee gets their own (an
   * individual session has one). A due date is a real date from the session's day to a year after it.
   */
  async addItem(
    caller: CurrentUser,
    sessionId: number,
    input: { title: string; dueOn: string | null; adviseeId?: number | null },
  ): Promise<ActionItem[]> {
    const { record, viewer } = await this.sessions.findReadable(caller, sessionId);
    if (viewer !== 'ADVISOR') throw forbidden(journalMessages.onlyMentorWrites);
    const now = new Date();
    const refusal = writeRefusal(record, now);
    if (refusal) throw invalid(refusal);
    if (input.dueOn) {
      const sessionDay = localDateTimeOf(record.startsAt, this.timeZone).date;
      const days = daysBetween(sessionDay, input.dueOn);
      if (days < 0) throw invalid(journalMessages.dueDateBeforeSession);
      if (days > maxDueDays) throw invalid(journalMessages.dueDateTooFar);
    }
    const attendees = await this.attendeesOf(record);
    const forWhom =
      input.adviseeId === undefined || input.adviseeId === null
        ? attendees.map((a) => a.adviseeId)
        : attendees.some((a) => a.adviseeId === input.adviseeId)
          ? [input.adviseeId]
          : null;
    if (!forWhom || forWhom.length === 0) throw invalid(journalMessages.notAnAttendee);
    const ids = await this.db.transaction(async (tx) => {
      // The session's row is the lock two additions at once take in turn, so the limit holds.
      await new SessionsRepository(tx).lockSession(record.id);
      const repository = new JournalRepository(tx);
      const counts = await repository.countItems(record.id, forWhom);
      if (forWhom.some((id) => (counts.get(id) ?? 0) >= maxActionItemsPerAttendee)) {
        throw new AppError('CONFLICT', journalMessages.tooManyItems);
      }
      return repository.insertItems(
        forWhom.map((adviseeId) => ({
          sessionId: record.id,
          adviseeId,
          title: input.title,
          dueOn: input.dueOn,
        })),
        now,
      );
    });
    const items = await new JournalRepository(this.db).findItems([record.id], null);
    return items.filter((item) => ids.includes(item.id)).map(toItem);
  }

  /**
   * An item the caller may act on as `as`: its mentee ticks it, the session's mentor removes it. Someone who
   * cannot read the session gets 404; one of its people who may not do this, 403.
   */
  private async itemFor(caller: CurrentUser, itemId: number, as: 'OWNER' | 'MENTOR') {
    const repository = new JournalRepository(this.db);
    const item = await repository.findItem(itemId);
    if (!item) throw notFound(journalMessages.itemNotFound);
    let viewer: Viewer;
    try {
      ({ viewer } = await this.sessions.findReadable(caller, item.sessionId));
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND')
        throw notFound(journalMessages.itemNotFound);
      throw error;
    }
    if (as === 'OWNER' && (viewer !== 'ADVISEE' || item.adviseeId !== caller.id)) {
      // Another attendee of a group session never learns of someone else's item.
      if (viewer === 'ADVISEE') throw notFound(journalMessages.itemNotFound);
      throw forbidden(journalMessages.onlyOwnerTicks);
    }
    if (as === 'MENTOR' && viewer !== 'ADVISOR') {
      if (item.adviseeId !== caller.id) throw notFound(journalMessages.itemNotFound);
      throw forbidden(journalMessages.onlyMentorWrites);
    }
    return { item, repository };
  }

  async tick(caller: CurrentUser, itemId: number, done: boolean): Promise<ActionItem> {
    const { item, repository } = await this.itemFor(caller, itemId, 'OWNER');
    const doneAt = done ? (item.doneAt ?? new Date()) : null;
    await repository.setDone(item.id, doneAt);
    return toItem({ ...item, doneAt });
  }

  async removeItem(caller: CurrentUser, itemId: number): Promise<void> {
    const { item, repository } = await this.itemFor(caller, itemId, 'MENTOR');
    await repository.deleteItem(item.id);
  }

  /** The caller's journey as a mentee: their sessions that started, newest first, with notes and open items. */
  async myJourney(caller: CurrentUser, page: { page: number; pageSize: number }): Promise<JourneyPage> {
    return this.journeyOf(caller.id, null, page);
  }

  /** A mentee's journey with the calling mentor: their sessions together, the mentor's notes, open items. */
  async menteeJourney(
    caller: CurrentUser,
    adviseeId: number,
    page: { page: number; pageSize: number },
  ): Promise<JourneyPage> {
    if (!(await new JournalRepository(this.db).isMenteeOf(caller.id, adviseeId))) {
      throw notFound(journalMessages.notYourMentee);
    }
    return this.journeyOf(adviseeId, caller.id, page);
  }

  private async journeyOf(
    adviseeId: number,
    mentorId: number | null,
    { page, pageSize }: { page: number; pageSize: number },
  ): Promise<JourneyPage> {
    const repository = new JournalRepository(this.db);
    const now = new Date();
    const { ids, total } = await repository.listJourneySessionIds({
      adviseeId,
      mentorId,
      now,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    const [records, notes, items, done, openItems] = await Promise.all([
      new SessionsRepository(this.db).findRecords(ids),
      // The mentee's own notes only in their own journey.
      repository.findNotes(ids, mentorId === null ? adviseeId : null),
      repository.findItems(ids, adviseeId),
      repository.countDoneItems(ids, adviseeId),
      repository.countOpenItems(adviseeId, mentorId),
    ]);
    const entries: JourneyEntry[] = records.map((record) => ({
      sessionId: record.id,
      reference: record.reference,
      sessionType: record.sessionType,
      topic: { id: record.topic.id, name: record.topic.name },
      mentor: { id: record.advisor.id, name: record.advisor.name },
      startTimeUtc: record.startsAt.toISOString(),
      startTime: localDateTimeOf(record.startsAt, this.timeZone).dateTime,
      mentorNotes: toNote(notes.find((n) => n.sessionId === record.id && n.isMentor)),
      ownNotes:
        mentorId === null
          ? toNote(notes.find((n) => n.sessionId === record.id && !n.isMentor && n.authorId === adviseeId))
          : null,
      openItems: items.filter((i) => i.sessionId === record.id && i.doneAt === null).map(toItem),
      doneItems: done.get(record.id) ?? 0,
    }));
    return { entries, openItems, page, pageSize, total };
  }
}
