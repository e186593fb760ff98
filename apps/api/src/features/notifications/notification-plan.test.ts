import { describe, expect, it } from 'vitest';
import {
  dueKinds,
  type PlanPerson,
  type PlanSession,
  planNotifications,
  type RecordedNotification,
} from './notification-plan.ts';

const hour = 3_600_000;
const now = new Date('2026-03-02T06:00:00Z');
const session = (overrides: Partial<PlanSession> = {}): PlanSession => ({
  sessionType: 'GROUP',
  status: 'CONFIRMED',
  startsAt: new Date(now.getTime() + 72 * hour),
  icsSequence: 0,
  ...overrides,
});
const host: PlanPerson = {
  key: 'participant:1',
  audience: 'HOST',
  email: 'host@x.test',
  phone: '254711000001',
};
const invitee: PlanPerson = { key: 'participant:2', audience: 'INVITEE', email: null, phone: '254711000002' };
const mentor: PlanPerson = {
  key: 'mentor:9',
  audience: 'MENTOR',
  email: 'mentor@x.test',
  phone: '254711000009',
};

describe('notification plan', () => {
  it('owes a new group booking a confirmation to the host and mentor and an invitation to the invitee', () => {
    const plan = planNotifications(session(), [host, invitee, mentor], [], now);
    const sends = plan
      .filter((p) => p.action === 'SEND')
      .map((p) => `${p.person.key} ${p.kind} ${p.channel}`);
    expect(sends).toEqual([
      'participant:1 CONFIRMATION EMAIL',
      'participant:1 CONFIRMATION SMS',
      'participant:2 INVITATION SMS',
      'mentor:9 CONFIRMATION EMAIL',
      'mentor:9 CONFIRMATION SMS',
    ]);
    // The invitee (a number, no e-mail) is owed its invitation only: nothing else until they accept.
    const skips = plan
      .filter((p) => p.action === 'SKIP')
      .map((p) => `${p.person.key} ${p.kind} ${p.channel}`);
    expect(skips).toEqual(['participant:2 INVITATION EMAIL']);
  });

  it('owes an invited number nothing until the host paid, then its invitation only, whatever moved', () => {
    expect(dueKinds(session({ status: 'PENDING_PAYMENT' }), invitee, now)).toEqual([]);
    expect(dueKinds(session(), invitee, now)).toEqual(['INVITATION']);
    expect(dueKinds(session({ icsSequence: 2 }), invitee, now)).toEqual(['INVITATION']);
    const sent: RecordedNotification[] = [
      {
        kind: 'INVITATION',
        sequence: 0,
        person: invitee.key,
        channel: 'SMS',
        status: 'SENT',
        attempts: 1,
        at: now,
      },
    ];
    const moved = planNotifications(session({ icsSequence: 1 }), [invitee], sent, now);
    expect(moved.filter((p) => p.action !== 'SKIP')).toEqual([]);
  });

  it('keeps the mentor out of unpaid holds and everyone out of sessions that are not held or have begun', () => {
    expect(dueKinds(session({ status: 'PENDING_PAYMENT' }), mentor, now)).toEqual([]);
    expect(dueKinds(session({ status: 'PENDING_PAYMENT' }), host, now)).toEqual(['CONFIRMATION']);
    expect(dueKinds(session({ status: 'EXPIRED' }), host, now)).toEqual([]);
    expect(dueKinds(session({ status: 'CANCELLED' }), host, now)).toEqual([]);
    expect(dueKinds(session({ startsAt: now }), host, now)).toEqual([]);
  });

  it('places each reminder in its window', () => {
    const at = (hoursBefore: number) =>
      dueKinds(session({ startsAt: new Date(now.getTime() + hoursBefore * hour) }), host, now);
    expect(at(24.5)).toEqual(['CONFIRMATION']);
    expect(at(24)).toEqual(['CONFIRMATION', 'REMINDER_24H']);
    expect(at(1.5)).toEqual(['CONFIRMATION', 'REMINDER_24H']);
    expect(at(1)).toEqual(['CONFIRMATION', 'REMINDER_1H']);
    expect(at(0.1)).toEqual(['CONFIRMATION', 'REMINDER_1H']);
  });

  it('sends nothing already recorded, retries failures still due, and follows moves by sequence', () => {
    const recorded: RecordedNotification[] = [
      {
        kind: 'CONFIRMATION',
        sequence: 0,
        person: host.key,
        channel: 'EMAIL',
        status: 'SENT',
        attempts: 1,
        at: now,
      },
      {
        kind: 'CONFIRMATION',
        sequence: 0,
        person: host.key,
        channel: 'SMS',
        status: 'FAILED',
        attempts: 1,
        at: now,
      },
    ];
    const plan = planNotifications(session(), [host], recorded, now);
    expect(plan.map((p) => `${p.kind} ${p.channel} ${p.action}`)).toEqual(['CONFIRMATION SMS RETRY']);

    const exhausted = recorded.map((r) => ({ ...r, attempts: 3 }));
    expect(planNotifications(session(), [host], exhausted, now)).toEqual([]);

    const moved = planNotifications(session({ icsSequence: 2 }), [host], exhausted, now);
    expect(moved.map((p) => `${p.kind} ${p.sequence} ${p.channel} ${p.action}`)).toEqual([
      'RESCHEDULE 2 EMAIL SEND',
      'RESCHEDULE 2 SMS SEND',
    ]);
  });

  it('makes moves within the coalescing window one message, sent after it with the latest time', () => {
    const minute = 60_000;
    const movedAt = (ago: number, sequence: number): RecordedNotification[] =>
      (['EMAIL', 'SMS'] as const).map((channel) => ({
        kind: 'RESCHEDULE',
        sequence,
        person: host.key,
        channel,
        status: 'SENT',
        attempts: 1,
        at: new Date(now.getTime() - ago * minute),
      }));
    const confirmed: RecordedNotification[] = (['EMAIL', 'SMS'] as const).map((channel) => ({
      kind: 'CONFIRMATION',
      sequence: 0,
      person: host.key,
      channel,
      status: 'SENT',
      attempts: 1,
      at: new Date(now.getTime() - 60 * minute),
    }));
    // Moved again 3 minutes after the last notice: nothing now, nothing skipped for good.
    const soon = planNotifications(
      session({ icsSequence: 3 }),
      [host],
      [...confirmed, ...movedAt(3, 2)],
      now,
      10,
    );
    expect(soon).toEqual([]);
    // Once the window is over, one notice of the latest time (sequence 3); sequence 2's never goes.
    const later = planNotifications(
      session({ icsSequence: 3 }),
      [host],
      [...confirmed, ...movedAt(11, 1)],
      now,
      10,
    );
    expect(later.map((p) => `${p.kind} ${p.sequence} ${p.channel} ${p.action}`)).toEqual([
      'RESCHEDULE 3 EMAIL SEND',
      'RESCHEDULE 3 SMS SEND',
    ]);
  });

  it('asks each mentee awaited by a proposed move once, beside whatever else is due', () => {
    const proposal = { id: 7, awaiting: [host.key] };
    const plan = planNotifications(session({ proposal }), [host, mentor], [], now, 10);
    expect(
      plan.filter((p) => p.action === 'SEND').map((p) => `${p.person.key} ${p.kind} ${p.sequence}`),
    ).toEqual([
      'participant:1 CONFIRMATION 0',
      'participant:1 CONFIRMATION 0',
      'participant:1 RESCHEDULE_PROPOSAL 7',
      'participant:1 RESCHEDULE_PROPOSAL 7',
      'mentor:9 CONFIRMATION 0',
      'mentor:9 CONFIRMATION 0',
    ]);
  });
});
