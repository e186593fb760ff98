/**
 * "Attended", the one rule (issue 20): someone attended a session if they were in its call at least
 * `presenceMinutes` (SessionRules, PRESENCE_MINUTES) between its start and its end, summed from the call's
 * own join and leave records. Time in the call before the start counts only from the start; a stint still
 * open counts until now (or the end). No-show decisions, the mentor's pay (which follows the decision on the
 * mentor) and who may rate all read it from here.
 */

/** One page's time in the call: its JOINED record and, once it left, its LEFT record. */
export interface Stint {
  joinedAt: Date;
  leftAt: Date | null;
}

/** Seconds in the call between `startsAt` and the earlier of `endsAt` and `now`; overlapping stints count once. */
export function secondsPresent(
  stints: readonly Stint[],
  window: { startsAt: Date; endsAt: Date },
  now: Date,
): number {
  const from = window.startsAt.getTime();
  const to = Math.min(window.endsAt.getTime(), now.getTime());
  if (to <= from) return 0;
  const clipped = stints
    .map((stint) => ({
      start: Math.max(stint.joinedAt.getTime(), from),
      end: Math.min(stint.leftAt?.getTime() ?? to, to),
    }))
    .filter((stint) => stint.end > stint.start)
    .sort((a, b) => a.start - b.start);
  let total = 0;
  let reached = from;
  for (const stint of clipped) {
    const start = Math.max(stint.start, reached);
    if (stint.end > start) {
      total += stint.end - start;
      reached = stint.end;
    }
  }
  return Math.floor(total / 1000);
}

/** Whether that time makes an attendance. */
export function hasAttended(seconds: number, presenceMinutes: number): boolean {
  return seconds >= presenceMinutes * 60;
}

/** Stints of one person from the call's JOINED and LEFT records (each page has one of each at most). */
export function stintsOf(
  events: readonly { participantId: string | null; kind: string; at: Date }[],
): Stint[] {
  const byPage = new Map<string, Stint>();
  for (const event of events) {
    if (!event.participantId) continue;
    if (event.kind === 'JOINED') {
      byPage.set(event.participantId, { joinedAt: event.at, leftAt: null });
    } else if (event.kind === 'LEFT') {
      const stint = byPage.get(event.participantId);
      if (stint) stint.leftAt = event.at;
    }
  }
  return [...byPage.values()];
}
