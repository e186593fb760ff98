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
  /** Whether the invited phone belongs to an account: log in, else sign up. */
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
} as const;
