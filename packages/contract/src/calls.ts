import { z } from 'zod';
import { envelope, idParam } from './common.ts';
import { callStatus, sessionType } from './sessions.ts';

/**
 * Video calls: who may be in a room and when, the REST shapes (start session, join ticket, attendance) and
 * every message of the signaling WebSocket (/myprosper/ws/calls), both directions. The server is a relay and
 * a roster; media goes browser to browser (a WebRTC mesh).
 */

/** People in one room at most: the mentor and one mentee, or the mentor and up to four mentees. */
export const roomCapacity = { INDIVIDUAL: 2, GROUP: 5 } as const;
/** The group screen shows at most this many remote tiles (spec), plus a small local one. */
export const maxRemoteTiles = 4;
/** Everyone is warned this many minutes before the end. */
export const endWarningMinutes = 5;

/**
 * Signaling sockets one person may hold open to one call (per API instance): a page, a reload in flight, a
 * second device. One more is refused, closed with callMessages.tooManyWindows as its reason.
 */
export const maxCallSocketsPerPerson = 3;

export const callMessages = {
  settingUp: 'Setting up session...',
  waitingForMentor: 'Waiting for your mentor to start the session',
  sessionStarted: 'Session started',
  alreadyStarted: 'The session has already started',
  onlyMentorStarts: 'Only the mentor of this session can start it',
  notParticipant: 'You are not a participant of this session',
  notPaid: 'Please pay for this session to join the call',
  notAccepted: 'Please accept the invitation to join this group session',
  notConfirmed: 'This session is not confirmed, so its call cannot be joined',
  priceNotCovered:
    'This group session has fewer than two paid attendees and its host has not covered the price yet, so its call cannot open',
  cancelled: 'This session was cancelled',
  tooEarly: (minutes: number) =>
    `The call opens ${minutes} minute${minutes === 1 ? '' : 's'} before the session starts`,
  ended: 'This session has ended',
  mentorDidNotAttend: 'Your mentor did not come, so this session has ended and you were refunded in full',
  youDidNotAttend:
    'You were not in the call after the start, so this session has ended and its mentees were refunded in full',
  roomFull: 'This call is full',
  ticketInvalid: 'Your join link is not valid. Please open the call again from the session page.',
  ticketExpired: 'Your join link has expired. Please open the call again from the session page.',
  otherSite: 'Calls can only be joined from the MyProsper site',
  replaced: 'You joined this call from another window',
  tooManyWindows: `This call is already open in ${maxCallSocketsPerPerson} windows. Close one of them to join here.`,
  endsSoon: (minutes: number) => `The session ends in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  /** Joined or still in the call after the end, during the grace (issue 22): the real time left. */
  closesSoon: (minutes: number) =>
    `The session's hour is over. The call closes in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  cameraUnavailable:
    'We could not use your camera, so you are in the call with audio only. To be seen, allow camera access for this site in your browser settings and rejoin.',
  microphoneUnavailable:
    'We could not use your microphone, so the others cannot hear you. Allow microphone access for this site in your browser settings and rejoin.',
  noMedia:
    'We could not use your camera or microphone. Allow access for this site in your browser settings, then rejoin. You can still see and hear the others.',
  reconnecting: 'Connection lost. Reconnecting...',
} as const;

// ---- Pure rules shared by the server and the browser ----

export interface CallWindowSettings {
  /** How long before the start people may enter (default 10 minutes). */
  earlyJoinMinutes: number;
  /** How long after the end the call stays open (default 10 minutes). */
  graceMinutes: number;
}

/** When a session's call opens and closes. */
export function callWindow(
  session: { startsAt: Date; endsAt: Date },
  settings: CallWindowSettings,
): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(session.startsAt.getTime() - settings.earlyJoinMinutes * 60_000),
    closesAt: new Date(session.endsAt.getTime() + settings.graceMinutes * 60_000),
  };
}

/**
 * Perfect negotiation needs one polite and one impolite side per pair: the side with the greater
 * participant id (plain string order, the same on both ends) is polite.
 */
export function isPolite(ownId: string, remoteId: string): boolean {
  return ownId > remoteId;
}

export interface SenderCaps {
  /** bits per second */
  maxBitrate: number;
  scaleResolutionDownBy: number;
  maxFramerate: number;
}

/**
 * Outgoing video limits per remote connection: none for two people; from three on each sender is capped so
 * one uplink carries every copy (about 500 kbit/s at 3-4 people, 350 kbit/s at 5).
 */
export function videoSenderCaps(participants: number): SenderCaps | null {
  if (participants <= 2) return null;
  if (participants <= 4) return { maxBitrate: 500_000, scaleResolutionDownBy: 1.5, maxFramerate: 24 };
  return { maxBitrate: 350_000, scaleResolutionDownBy: 2, maxFramerate: 20 };
}

/** 'mm:ss' or 'h:mm:ss' of a duration; never negative. */
export function formatCountdown(milliseconds: number): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

// ---- REST ----

const sessionIdField = z.coerce.number().int().positive().max(2_147_483_647);

/** POST /myprosper/api/startSession (spec 7). */
export const startSessionRequest = z.object({ sessionId: sessionIdField, advisorId: sessionIdField });
export type StartSessionRequest = z.input<typeof startSessionRequest>;
export const startSessionResponse = envelope(z.object({ sessionId: z.number().int(), callStatus }));

export const callSessionParams = z.object({ sessionId: idParam });

/** An RTCIceServer: STUN needs no credentials; TURN gets coturn time-limited ones. */
export const iceServer = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServer>;

export const callRole = z.enum(['ADVISOR', 'ADVISEE']);
export type CallRole = z.infer<typeof callRole>;

/** POST /myprosper/api/calls/{sessionId}/ticket: a 60-second join ticket for the WebSocket, and the ICE servers. */
export const callTicket = z.object({
  ticket: z.string(),
  /** ISO instant */
  expiresAt: z.string(),
  iceServers: z.array(iceServer),
  room: z.object({
    sessionId: z.number().int(),
    sessionType,
    callStatus,
    capacity: z.number().int(),
    /** ISO instants */
    startsAt: z.string(),
    endsAt: z.string(),
    opensAt: z.string(),
    closesAt: z.string(),
    you: z.object({ userId: z.number().int(), name: z.string(), role: callRole }),
  }),
});
export type CallTicket = z.infer<typeof callTicket>;
export const callTicketResponse = envelope(callTicket);

export const attendanceEntry = z.object({
  userId: z.number().int(),
  name: z.string(),
  role: callRole,
  /** ISO instants; null when the person never joined (or never left). */
  firstJoinedAt: z.string().nullable(),
  lastLeftAt: z.string().nullable(),
  /** Whole seconds spent in the call. */
  secondsInCall: z.number().int(),
  /** null until decided (the mentor 10 minutes after the start, mentees after the end). */
  noShow: z.boolean().nullable(),
});
export type AttendanceEntry = z.infer<typeof attendanceEntry>;

/** GET /myprosper/api/calls/{sessionId}: who came, for the session's people and admins. */
export const callSummary = z.object({
  sessionId: z.number().int(),
  callStatus,
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  mentorNoShow: z.boolean().nullable(),
  /** true when at least one mentee never joined. */
  adviseeNoShow: z.boolean().nullable(),
  /** When the mentees' attendance was decided (after the end plus grace). */
  decidedAt: z.string().nullable(),
  /** Set when an admin changed the decision. */
  overriddenAt: z.string().nullable(),
  people: z.array(attendanceEntry),
});
export type CallSummary = z.infer<typeof callSummary>;
export const callSummaryResponse = envelope(callSummary);

/** A correction of no-show decisions (the admin feature's PUT /myprosper/api/admin/sessions/{id}/no-shows). */
export const noShowOverrideRequest = z.object({
  people: z
    .array(z.object({ userId: sessionIdField, noShow: z.boolean() }))
    .min(1)
    .max(10),
});
export type NoShowOverrideRequest = z.infer<typeof noShowOverrideRequest>;

// ---- Signaling (WebSocket /myprosper/ws/calls?ticket=...) ----

/** Server-assigned, one per page load; a reload gets a new one. */
export const participantId = z.string().regex(/^[A-Za-z0-9_-]{8,40}$/);

const sdpDescription = z.object({
  type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
  sdp: z.string().max(60_000).optional(),
});
const iceCandidate = z.object({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(1024).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
/**
 * What one peer tells another: an SDP description, an ICE candidate, or the video it wants to receive (low: the
 * data saver's small video, issue 22).
 */
export const signalData = z.union([
  z.object({ description: sdpDescription }),
  z.object({ candidate: iceCandidate }),
  z.object({ video: z.object({ low: z.boolean() }) }),
]);
export type SignalData = z.infer<typeof signalData>;

export const clientMessage = z.discriminatedUnion('type', [
  /** resume: the participant id this page had before its socket dropped (keeps the peers' connections). */
  z.object({ type: z.literal('join'), resume: participantId.optional() }),
  /** seq grows by one per message to that peer; the receiver drops any seq it has already passed. */
  z.object({ type: z.literal('signal'), to: participantId, seq: z.number().int().min(1), data: signalData }),
  z.object({ type: z.literal('mute-state'), audioMuted: z.boolean(), videoOff: z.boolean() }),
  z.object({ type: z.literal('leave') }),
  z.object({ type: z.literal('ping'), at: z.number().optional() }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

export const rosterEntry = z.object({
  participantId,
  userId: z.number().int(),
  name: z.string(),
  role: callRole,
  audioMuted: z.boolean(),
  videoOff: z.boolean(),
  /**
   * Through the SFU: the SHA-256 (base64url) of the tag this person's page publishes with as its `display`. A
   * page shows a publisher only when its display hashes to this: another participant publishing under this
   * person's id cannot know the tag (`isGenuineFeed`).
   */
  feedCheck: z.string().max(100).optional(),
});
export type RosterEntry = z.infer<typeof rosterEntry>;

/**
 * A group call through the SFU (Janus's VideoRoom, docs/calls.md): where this page's browser reaches Janus,
 * its token (Janus's stored token, also the room's `allowed` token: both revoked when the person may no
 * longer be there), the room, and this page's publisher id. Absent: the call is a mesh.
 */
export const sfuAccess = z.object({
  url: z.string().max(500),
  token: z.string().max(200),
  room: z.number().int().positive(),
  feedId: z.number().int().positive(),
  /** The tag this page publishes with (Janus's `display`), given to this page only; the roster has its hash. */
  display: z.string().max(100),
});
export type SfuAccess = z.infer<typeof sfuAccess>;

/** The SHA-256 of a publisher's tag, base64url: what the roster says of it (`RosterEntry.feedCheck`). */
export async function feedCheckOf(display: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(display));
  let binary = '';
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Whether a publisher in the SFU's room is the participant its id names: its display hashes to the roster's
 * check for them. Without a check (no roster entry yet) it is not shown yet.
 */
export async function isGenuineFeed(
  display: string | undefined,
  feedCheck: string | undefined,
): Promise<boolean> {
  if (!display || !feedCheck) return false;
  return (await feedCheckOf(display)) === feedCheck;
}

/**
 * A participant's publisher id in the SFU's room, the same on the server and in every browser: two FNV-1a
 * hashes of the participant id, 53 bits (a safe JS integer, as Janus's ids are), never 0.
 */
export function feedIdOf(participantId: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < participantId.length; i++) {
    const code = participantId.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x01000193 + 2) >>> 0;
  }
  return (a & 0x1fffff) * 0x1_0000_0000 + b + 1;
}

export const sessionEndReason = z.enum(['TIME_UP', 'CANCELLED', 'NOT_ALLOWED', 'REPLACED']);
export type SessionEndReason = z.infer<typeof sessionEndReason>;

export const serverMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('joined'),
    you: rosterEntry,
    callStatus,
    /** ISO instants */
    startsAt: z.string(),
    endsAt: z.string(),
    closesAt: z.string(),
    /** The server's clock (ms since epoch), for the countdown. */
    serverTime: z.number(),
    /** A group call through the SFU: how to reach it. Absent: a mesh. */
    sfu: sfuAccess.optional(),
  }),
  /** Everyone in the room now; a roster with a smaller version than one already seen is stale. */
  z.object({
    type: z.literal('roster'),
    version: z.number().int(),
    callStatus,
    participants: z.array(rosterEntry),
  }),
  z.object({ type: z.literal('signal'), from: participantId, seq: z.number().int(), data: signalData }),
  // minutesLeft: to the end; closesAt: when the call closes after the grace (a join after the end is told that).
  z.object({
    type: z.literal('warning'),
    minutesLeft: z.number().int(),
    endsAt: z.string(),
    closesAt: z.string().optional(),
  }),
  z.object({ type: z.literal('session-ended'), reason: sessionEndReason, message: z.string() }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  z.object({ type: z.literal('pong'), at: z.number().optional() }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;

/** Parses one WebSocket text frame; null when it is not JSON or not a known message. */
export function parseClientMessage(raw: string): ClientMessage | null {
  return parseJson(raw, clientMessage);
}

export function parseServerMessage(raw: string): ServerMessage | null {
  return parseJson(raw, serverMessage);
}

function parseJson<T extends z.ZodType>(raw: string, schema: T): z.infer<T> | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

/** The warning a person in the call reads: the minutes to the end, or once it has passed, to the close. */
export function callWarningText(warning: { minutesLeft: number; closesAt?: string }, now: number): string {
  if (warning.minutesLeft > 0 || !warning.closesAt) return callMessages.endsSoon(warning.minutesLeft);
  return callMessages.closesSoon(Math.max(1, Math.ceil((Date.parse(warning.closesAt) - now) / 60_000)));
}
