import type { InvitationStatus } from '@myprosper/contract/sessions';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
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
  invitationStatus: InvitationStatus;
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
  invitationStatus: sessionParticipants.invitationStatus,
};

/** Reads and writes of group session invitations: who was invited by phone, and their acceptance. */
export class InvitationsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The session and the attendee invited with this phone (2547XXXXXXXX), or null. */
  async findInvitation(
    sessionId: number,
    phone254: string,
  ): Promise<{ session: SessionState; participant: InvitedParticipant } | null> {
    const [row] = await this.db
      .select({ session: sessionState, participant: invitedParticipant })
      .from(sessionParticipants)
      .innerJoin(sessions, eq(sessions.id, sessionParticipants.sessionId))
      .where(
        and(eq(sessionParticipants.sessionId, sessionId), eq(sessionParticipants.phoneNumber, phone254)),
      );
    return row ?? null;
  }

  async findSession(sessionId: number): Promise<SessionState | null> {
    const [row] = await this.db.select(sessionState).from(sessions).where(eq(sessions.id, sessionId));
    return row ?? null;
  }

  /** Whether an account has this phone (in any stored form). */
  async isPhoneRegistered(phone254: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.phoneNumber, storedPhoneForms(phone254)))
      .limit(1);
    return row !== undefined;
  }

  async findUserPhone(userId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ phoneNumber: users.phoneNumber })
      .from(users)
      .where(eq(users.id, userId));
    return row?.phoneNumber ?? null;
  }

  /**
   * Locks the caller's attendee row of a session: the one already theirs, else the one invited with their
   * phone that nobody has claimed yet. Null when the caller is not invited.
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

  /** The attendee becomes this advisee, accepted; the participant exclusion constraint now applies to them. */
  async accept(participantId: number, adviseeId: number): Promise<void> {
    await this.db
      .update(sessionParticipants)
      .set({ adviseeId, invitationStatus: 'ACCEPTED' })
      .where(eq(sessionParticipants.id, participantId));
  }
}
