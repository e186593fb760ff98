import { normaliseKenyanMobile } from '@myprosper/contract/booking';
import {
  type InvitationStatusData,
  invitationDeclinedEmail,
  invitationMessages,
} from '@myprosper/contract/invitations';
import { decodeLinkPart } from '@myprosper/contract/validation';
import { verificationMessages } from '@myprosper/contract/verification';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { runAgainAfterDeadlock } from '../../db/database-errors.ts';
import { conflict, forbidden, gone, invalid, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../providers/mail.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import {
  bookingConflictOf,
  effectiveStatus,
  isHoldingSlot,
  SessionsRepository,
} from '../sessions/sessions.door.ts';
import {
  InvitationsRepository,
  type InvitedParticipant,
  type SessionState,
} from './invitations.repository.ts';

export interface AcceptedInvitation {
  sessionId: number;
  invitationStatus: 'ACCEPTED';
}

export interface DeclinedInvitation {
  sessionId: number;
  invitationStatus: 'DECLINED';
}

export interface InvitationsDeps {
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
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

/** An invitation still only a number whose SMS has not gone out (the host has not paid): it does not exist yet. */
function assertSent(participant: InvitedParticipant): void {
  if (participant.adviseeId === null && participant.invitedAt === null) {
    throw notFound(invitationMessages.notFound);
  }
}

/**
 * Group session invitations by consent (issue 19): the link's status, and the answer of the person whose
 * verified phone it was sent to. Nothing of theirs is attached to the session until they accept; a decline
 * attaches nothing either and tells the host by e-mail.
 */
export class InvitationsService {
  constructor(
    private readonly db: Db,
    private readonly deps: InvitationsDeps,
  ) {}

  async getStatus(sessionId: number, phoneNo: string, now = new Date()): Promise<InvitationStatusData> {
    const phone = phoneOfLink(phoneNo);
    if (!phone) throw invalid(invitationMessages.invalidLink);
    const repository = new InvitationsRepository(this.db);
    const invitation = await repository.findSentInvitation(sessionId, phone);
    if (!invitation) throw notFound(invitationMessages.notFound);
    assertOpen(invitation.session, now);
    const registered =
      invitation.participant.adviseeId !== null || (await repository.isPhoneRegistered(phone));
    return { registered, sessionId, phoneNumber: phone };
  }

  /** The caller's verified phone (2547…) and e-mail; 403 when their phone is not proven. */
  private async accountOf(caller: CurrentUser): Promise<{ phone: string; email: string }> {
    const account = caller.phoneVerified
      ? await new InvitationsRepository(this.db).findAccount(caller.id)
      : null;
    const phone = account?.verifiedPhone ? normaliseKenyanMobile(account.verifiedPhone) : null;
    if (!account || !phone) throw forbidden(verificationMessages.phoneNotVerified);
    return { phone, email: account.email };
  }

  /**
   * The caller takes up the invitation sent to their verified phone: the attendee row becomes theirs (with
   * their e-mail), ACCEPTED. Accepting again answers the same; after a decline it is refused. Being in
   * another session at that hour is refused by the database.
   */
  async accept(
    caller: CurrentUser,
    input: { adviseeId: number; sessionId: number },
    now = new Date(),
  ): Promise<AcceptedInvitation> {
    if (input.adviseeId !== caller.id) throw forbidden(invitationMessages.notYou);
    if (caller.role !== 'ADVISEE') throw forbidden(invitationMessages.onlyAdvisees);
    const account = await this.accountOf(caller);
    const accepted: AcceptedInvitation = { sessionId: input.sessionId, invitationStatus: 'ACCEPTED' };
    try {
      await runAgainAfterDeadlock(() =>
        this.db.transaction(async (tx) => {
          const repository = new InvitationsRepository(tx);
          const session = await repository.findSession(input.sessionId);
          if (!session) throw notFound(invitationMessages.notFound);
          const participant = await repository.lockCallersInvitation(
            input.sessionId,
            caller.id,
            account.phone,
          );
          if (!participant) throw forbidden(invitationMessages.notForYou);
          assertSent(participant);
          if (participant.adviseeId === caller.id && participant.invitationStatus === 'ACCEPTED') return;
          assertOpen(session, now);
          if (participant.invitationStatus === 'DECLINED') throw conflict(invitationMessages.alreadyDeclined);
          // A lapsed hold of another of the caller's sessions must not stand in the way.
          await new SessionsRepository(tx).expireStaleHolds(now);
          await repository.accept(participant.id, caller.id, account.email, now);
        }),
      );
    } catch (error) {
      throw bookingConflictOf(error, caller.id) ?? error;
    }
    return accepted;
  }

  /**
   * The caller says no to the invitation sent to their verified phone: DECLINED, attached to nobody, and
   * the host is told by e-mail. Declining again answers the same (and e-mails nobody); an invitation already
   * accepted is not declined here.
   */
  async decline(
    caller: CurrentUser,
    input: { sessionId: number },
    now = new Date(),
  ): Promise<DeclinedInvitation> {
    if (caller.role !== 'ADVISEE') throw forbidden(invitationMessages.onlyAdviseesDecline);
    const account = await this.accountOf(caller);
    const declined: DeclinedInvitation = { sessionId: input.sessionId, invitationStatus: 'DECLINED' };
    const notice = await runAgainAfterDeadlock(() =>
      this.db.transaction(async (tx) => {
        const repository = new InvitationsRepository(tx);
        const session = await repository.findSession(input.sessionId);
        if (!session) throw notFound(invitationMessages.notFound);
        const participant = await repository.lockCallersInvitation(input.sessionId, caller.id, account.phone);
        // The host is not invited to their own session.
        if (!participant || participant.isHost) throw forbidden(invitationMessages.notForYou);
        assertSent(participant);
        if (participant.invitationStatus === 'DECLINED') return null;
        if (participant.invitationStatus === 'ACCEPTED') throw conflict(invitationMessages.alreadyAccepted);
        assertOpen(session, now);
        await repository.decline(participant.id, now);
        const host = await repository.findHostNotice(session.id);
        return host ? { ...host, phoneNumber: participant.phoneNumber ?? account.phone } : null;
      }),
    );
    if (notice) {
      const message = invitationDeclinedEmail({
        hostName: notice.hostName,
        phoneNumber: notice.phoneNumber,
        topic: notice.topic,
        reference: notice.reference,
        sessionLink: `${this.deps.publicUrl.replace(/\/$/, '')}/sessions/${input.sessionId}`,
      });
      try {
        await this.deps.mailer.send({ to: notice.hostEmail, subject: message.subject, text: message.text });
      } catch (error) {
        this.deps.log.warn({ err: error, sessionId: input.sessionId }, 'invitation declined e-mail failed');
      }
    }
    return declined;
  }
}
