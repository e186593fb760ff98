import { z } from 'zod';
import { envelope } from './common.ts';
import { messages } from './messages.ts';
import { invitationStatus } from './sessions.ts';
import { encodeBase64Url } from './validation.ts';

/** Group session invitations: the link sent by SMS, its status check and its acceptance. */

/** /invitation/{sessionId}/{base64url of the phone 2547XXXXXXXX}: the path of the link an invited person gets. */
export function invitationPath(sessionId: number, phone: string): string {
  return `/invitation/${sessionId}/${encodeBase64Url(phone)}`;
}

/** GET /myprosper/api/invitationStatus/{sessionId}/{phoneNo} — phoneNo is the base64 part of the link. */
export const invitationStatusParams = z.object({
  sessionId: z.coerce
    .number({ error: messages.invalidLinkLower })
    .int(messages.invalidLinkLower)
    .positive(messages.invalidLinkLower)
    .max(2_147_483_647, messages.invalidLinkLower),
  phoneNo: z.string().max(200, messages.invalidLinkLower),
});

export const invitationStatusData = z.object({
  /**
   * Whether an account has proven the invited phone (log in, else sign up). Only invitations already sent
   * (the host paid) answer at all, so this tells nothing to anyone without the SMS.
   */
  registered: z.boolean(),
  sessionId: z.number().int(),
  /** The invited phone, 2547XXXXXXXX. */
  phoneNumber: z.string(),
});
export type InvitationStatusData = z.infer<typeof invitationStatusData>;
export const invitationStatusResponse = envelope(invitationStatusData);

/** POST /myprosper/api/acceptInvitation — the caller accepts the invitation sent to their phone. */
export const acceptInvitationRequest = z.object({
  adviseeId: z.coerce.number().int().positive().max(2_147_483_647),
  sessionId: z.coerce.number().int().positive().max(2_147_483_647),
});
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequest>;

export const acceptInvitationResponse = envelope(z.object({ sessionId: z.number().int(), invitationStatus }));

/** POST /myprosper/api/declineInvitation — the caller declines the invitation sent to their verified phone. */
export const declineInvitationRequest = z.object({
  sessionId: z.coerce.number().int().positive().max(2_147_483_647),
});
export type DeclineInvitationRequest = z.input<typeof declineInvitationRequest>;

export const declineInvitationResponse = envelope(
  z.object({ sessionId: z.number().int(), invitationStatus: z.literal('DECLINED') }),
);

/** The e-mail the host gets when an invited number declines (the number as typed: nobody was attached). */
export function invitationDeclinedEmail(facts: {
  hostName: string;
  phoneNumber: string;
  topic: string;
  reference: string;
  sessionLink: string;
}) {
  return {
    subject: `Invitation declined: ${facts.topic} session ${facts.reference}`,
    text: [
      `Hello ${facts.hostName},`,
      '',
      `The person you invited with +${facts.phoneNumber} declined your invitation to the ${facts.topic} group session, reference ${facts.reference}.`,
      '',
      `Your session: ${facts.sessionLink}`,
    ].join('\n'),
  };
}

export const invitationMessages = {
  accepted: 'Session invitation accepted successfully',
  /** An undecodable phone in the link (spec 8). */
  invalidLink: messages.invalidLinkLower,
  notFound: 'This invitation was not found. Please check the link you received.',
  sessionPast: 'This session has already taken place',
  sessionUnavailable: 'This session is no longer taking place',
  notYou: 'You can only accept invitations for yourself',
  onlyAdvisees: 'Only mentees can accept session invitations',
  notForYou: 'This invitation was sent to another phone number',
  declined: 'Session invitation declined',
  /** Accepting after declining: a decline is final (the host was told). */
  alreadyDeclined: 'You declined this invitation',
  /** Declining after accepting: an accepted place is left by the session's cancellation rules, not here. */
  alreadyAccepted: 'You have already accepted this invitation',
  onlyAdviseesDecline: 'Only mentees can decline session invitations',
} as const;
