import type { InvitationStatus } from '@myprosper/contract/sessions';
import { and, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { topics } from '../../db/schema/catalogue.ts';
import { sessionParticipants, sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';

/** The stored forms a Kenyan number may have been saved in: 254712…, +254712…, 0712… */
function storedPhoneForms(phone254: string): string[] {
  return [phone254, `+${phone254}`, `0${phone254.slice(3)}`];
}

export interface SessionState {
  id: number;
  status: (typeof sessions.$inferSelect)['status'];
  holdExpiresAt: Date | null;
  startsAt: Date;
  endsAt: Date;
}

export interface InvitedParticipant {
  id: number;
  adviseeId: number | null;
  isHost: boolean;
  phoneNumber: string | null;
  invitationStatus: InvitationStatus;
  invitedAt: Date | null;
}

const sessionState = {
  id: sessions.id,
  status: sessions.status,
  holdExpiresAt: sessions.holdExpiresAt,
  startsAt: sessions.startsAt,
  endsAt: sessions.endsAt,
};

const invitedParticipant = {
  id: sessionParticipants.id,
  adviseeId: sessionParticipants.adviseeId,
  isHost: sessionParticipants.isHost,
  phoneNumber: sessionParticipants.phoneNumber,
  invitationStatus: sessionParticipants.invitationStatus,
  invitedAt: sessionParticipants.invitedAt,
};

/** Reads and writes of group session invitations: who was invited by phone, and their answer. */
export class InvitationsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The session and the attendee invited with this phone (2547XXXXXXXX) once the invitation was sent, or null. */
  async findSentInvitation(
    sessionId: number,
    phone254: string,
  ): Promise<{ session: SessionState; participant: InvitedParticipant } | null> {
    const [row] = await this.db
      .select({ session: sessionState, participant: invitedParticipant })
      .from(sessionParticipants)
      .innerJoin(sessions, eq(sessions.id, sessionParticipants.sessionId))
      .where(
        and(
          eq(sessionParticipants.sessionId, sessionId),
          eq(sessionParticipants.phoneNumber, phone254),
          eq(sessionParticipants.isHost, false),
          isNotNull(sessionParticipants.invitedAt),
        ),
      );
    return row ?? null;
  }

  async findSession(sessionId: number): Promise<SessionState | null> {
    const [row] = await this.db.select(sessionState).from(sessions).where(eq(sessions.id, sessionId));
    return row ?? null;
  }

  /** Whether an account has proven this phone (in any stored form) by an SMS code. */
  async isPhoneRegistered(phone254: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.phoneNumber, storedPhoneForms(phone254)), isNotNull(users.phoneVerifiedAt)))
      .limit(1);
    return row !== undefined;
  }

  /** The account's phone and e-mail; the phone only if an SMS code proved it. */
  async findAccount(userId: number): Promise<{ verifiedPhone: string | null; email: string } | null> {
    const [row] = await this.db
      .select({ phoneNumber: users.phoneNumber, verifiedAt: users.phoneVerifiedAt, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) return null;
    return { verifiedPhone: row.verifiedAt ? row.phoneNumber : null, email: row.email };
  }

  /**
   * Locks the caller's invitation in a session: the attendee row already theirs (not the host's), else the
   * one invited with their verified phone that nobody has taken up. Null when the caller is not invited.
   */
  async lockCallersInvitation(
    sessionId: number,
    adviseeId: number,
    phone254: string | null,
  ): Promise<InvitedParticipant | null> {
    const byPhone: SQL | undefined = phone254
      ? and(isNull(sessionParticipants.adviseeId), eq(sessionParticipants.phoneNumber, phone254))
      : undefined;
    const [row] = await this.db
      .select(invitedParticipant)
      .from(sessionParticipants)
      .where(
        and(
          eq(sessionParticipants.sessionId, sessionId),
          or(eq(sessionParticipants.adviseeId, adviseeId), byPhone),
        ),
      )
      // The row already theirs (advisee set) before one only invited by phone.
      .orderBy(sql`${sessionParticipants.adviseeId} IS NULL`)
      .limit(1)
      .for('update');
    return row ?? null;
  }

  /**
   * The attendee becomes this advisee, accepted (with their e-mail); the participant exclusion constraint
   * now applies to them and refuses it if they are busy then.
   */
  async accept(participantId: number, adviseeId: number, email: string, now: Date): Promise<void> {
    await this.db
      .update(sessionParticipants)
      .set({ adviseeId, email, invitationStatus: 'ACCEPTED', respondedAt: now })
      .where(eq(sessionParticipants.id, participantId));
  }

  /** The invited number said no: DECLINED, attached to nobody. */
  async decline(participantId: number, now: Date): Promise<void> {
    await this.db
      .update(sessionParticipants)
      .set({ invitationStatus: 'DECLINED', respondedAt: now })
      .where(eq(sessionParticipants.id, participantId));
  }

  /** What the host's e-mail about a decline says: the host, the program and the reference. */
  async findHostNotice(
    sessionId: number,
  ): Promise<{ hostName: string; hostEmail: string; topic: string; reference: string } | null> {
    const [row] = await this.db
      .select({
        hostName: users.name,
        hostEmail: users.email,
        topic: topics.name,
        reference: sessions.reference,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.adviseeId))
      .innerJoin(topics, eq(topics.id, sessions.topicId))
      .where(eq(sessions.id, sessionId));
    return row ?? null;
  }
}
