import type { RosterEntry, SessionEndReason, SignalData } from '@myprosper/contract/calls';
import type { CallStatus } from '@myprosper/contract/sessions';

/** What API instances tell each other about rooms (never sent to browsers as such). */
export type BusMessage =
  /** Everyone in the room now, at this version. */
  | {
      kind: 'roster';
      sessionId: number;
      version: number;
      callStatus: CallStatus;
      participants: RosterEntry[];
    }
  /** One peer's SDP or ICE candidate for another. */
  | { kind: 'signal'; sessionId: number; from: string; to: string; seq: number; data: SignalData }
  /** A page that must leave (its person joined again elsewhere). */
  | { kind: 'kick'; sessionId: number; participantId: string; reason: SessionEndReason }
  /** Check everyone in the room again: those no longer allowed (cancelled, refunded) are sent away. */
  | { kind: 'recheck'; sessionId: number };

export type BusHandler = (message: BusMessage) => void;

/** Carries BusMessages to every API instance, this one included. */
export interface SignalBus {
  readonly name: string;
  start(handler: BusHandler): Promise<void>;
  publish(message: BusMessage): Promise<void>;
  stop(): Promise<void>;
}

export function isBusMessage(value: unknown): value is BusMessage {
  if (!value || typeof value !== 'object') return false;
  const { kind, sessionId } = value as { kind?: unknown; sessionId?: unknown };
  return (
    typeof sessionId === 'number' &&
    (kind === 'roster' || kind === 'signal' || kind === 'kick' || kind === 'recheck')
  );
}
