import { normaliseKenyanMobile } from '@myprosper/contract/booking';
import { type InvitationStatusData, invitationMessages } from '@myprosper/contract/invitations';
import { decodeLinkPart } from '@myprosper/contract/validation';
import type { Db } from '../../db/connection.ts';
import { runAgainAfterDeadlock } from '../../db/database-errors.ts';
import { forbidden, gone, invalid, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import {
  bookingConflictOf,
  effectiveStatus,
  isHoldingSlot,
  SessionsRepository,
} from '../sessions/sessions.door.ts';
import { InvitationsRepository, type SessionState } from './invitations.repository.ts';

export interface AcceptedInvitation {
  sessionId: number;
  invitationStatus: 'ACCEPTED';
}

/** The invited phone of a link (base64 of 2547XXXXXXXX), or null when it is not one. */
export function phoneOfLink(phoneNo: string): string | null {
  const decoded = decodeLinkPart(phoneNo);
  return decoded === null ? null : normaliseKenyanMobile(decoded);
}

/** An invitation can be taken up until the session ends, while it still holds its slot. */
function assertOpen(session: SessionState, now: Date): void {
  if (session.endsAt <= now) throw gone(invitationMessages.sessionPast);
  if (!isHoldingSlot(effectiveStatus(session, now))) throw gone(invitationMessages.sessionUnavailable);
}

/**
 * Group session invitations: the link's status (is the invited phone registered?) and its acceptance by
 * the person whose phone it was sent to.
 */
export class InvitationsService {
  constructor(private readonly db: Db) {}

  async getStatus(sessionId: number, phoneNo: string, now = new Date()): Promise<InvitationStatusData> {
    const phone = phoneOfLink(phoneNo);
    if (!phone) throw invalid(invitationMessages.invalidLink);
    const repository = new InvitationsRepository(this.db);
    const invitation = await repository.findInvitation(sessionId, phone);
    if (!invitation) throw notFound(invitationMessages.notFound);
    assertOpen(invitation.session, now);
    const registered =
      invitation.participant.adviseeId !== null || (await repository.isPhoneRegistered(phone));
    return { registered, sessionId, phoneNumber: phone };
  }

  /**
   * The caller takes up the invitation sent to their phone: their attendee row becomes theirs and ACCEPTED.
   * Accepting again answers the same. Being in another session at that hour is refused by the database.
   */
  async accept(
    caller: CurrentUser,
    input: { adviseeId: number; sessionId: number },
    now = new Date(),
  ): Promise<AcceptedInvitation> {
    if (input.adviseeId !== caller.id) throw forbidden(invitationMessages.notYou);
    if (caller.role !== 'ADVISEE') throw forbidden(invitationMessages.onlyAdvisees);
    const storedPhone = await new InvitationsRepository(this.db).findUserPhone(caller.id);
    const phone = storedPhone ? normaliseKenyanMobile(storedPhone) : null;
    const accepted: AcceptedInvitation = { sessionId: input.sessionId, invitationStatus: 'ACCEPTED' };
    try {
      await runAgainAfterDeadlock(() =>
        this.db.transaction(async (tx) => {
          const repository = new InvitationsRepository(tx);
          const session = await repository.findSession(input.sessionId);
          if (!session) throw notFound(invitationMessages.notFound);
          const participant = await repository.lockCallersInvitation(input.sessionId, caller.id, phone);
          if (!participant) throw forbidden(invitationMessages.notForYou);
          assertOpen(session, now);
          if (participant.adviseeId === caller.id && participant.invitationStatus === 'ACCEPTED') return;
          // A lapsed hold of another of the caller's sessions must not stand in the way.
          await new SessionsRepository(tx).expireStaleHolds(now);
          await repository.accept(participant.id, caller.id);
        }),
      );
    } catch (error) {
      throw bookingConflictOf(error, caller.id) ?? error;
    }
    return accepted;
  }
}
