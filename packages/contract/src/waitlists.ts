import { z } from 'zod';
import { platformClockTime } from './dates.ts';

/**
 * Waitlists (issue 24, "Between sessions"): a mentee asks to be told when a mentor with no free hour in the
 * next two weeks has one. When an hour frees, the first person on the list holds it for a while; unused, the
 * hold passes to the next (docs/decisions/025-waitlists.md).
 */

/** A mentor is "full" when none of their hours is free in this many days from now. */
export const waitlistWindowDays = 14;
/** How long a freed hour is kept for the person whose turn it is. */
export const waitlistHoldMinutes = 30;
/** Lists one person may be on at once, so nobody floods them. */
export const maxWaitlistsPerPerson = 5;

export const waitlistMessages = {
  joined: 'You are on the waitlist. We will text you when an hour frees.',
  left: 'You left the waitlist.',
  signInFirst: 'Sign in to join the waitlist',
  onlyAdvisees: 'Only mentees can join a waitlist',
  notYourself: 'You cannot join your own waitlist',
  advisorNotFound: 'Mentor not found',
  hasFreeHours: `This mentor has free hours in the next ${waitlistWindowDays} days: book one instead`,
  alreadyOnList: 'You are already on this waitlist',
  notOnList: 'You are not on this waitlist',
  alreadyBooked: 'You already have a session booked with this mentor',
  tooManyLists: (limit: number) =>
    `You can be on at most ${limit} waitlists at once. Leave one to join another.`,
  /** Booking an hour someone on the waitlist holds. */
  heldForWaitlist: (until: Date | string) =>
    `This hour is held for someone on the waitlist until ${platformClockTime(until)}. Please choose another time.`,
} as const;

/** Where a person stands on a mentor's waitlist. */
export const waitlistStates = ['WAITING', 'HOLDING'] as const;

/** The hour held for the person: its instants (ISO), its date and time as the booking form sends them. */
export const waitlistHold = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  /** yyyy-MM-dd in the platform zone */
  date: z.string(),
  /** HH:mm in the platform zone */
  time: z.string(),
  /** ISO instant until which the hour is kept for the person */
  expiresAt: z.string(),
});
export type WaitlistHold = z.infer<typeof waitlistHold>;

/**
 * GET /myprosper/api/waitlists/mentors/{advisorId}: whether the caller may join (the mentor is full), and
 * where they stand if they are on the list.
 */
export const mentorWaitlistStatus = z.object({
  advisorId: z.number().int(),
  /** No hour of the mentor is free in the next waitlistWindowDays days. */
  isFull: z.boolean(),
  /** The caller's place, or null when not on the list. */
  entry: z
    .object({
      state: z.enum(waitlistStates),
      /** 1 = next in turn. */
      position: z.number().int().min(1),
      joinedAt: z.string(),
      hold: waitlistHold.nullable(),
    })
    .nullable(),
});
export type MentorWaitlistStatus = z.infer<typeof mentorWaitlistStatus>;

/** What a person holding an hour reads: 'Held for you until 22:25 EAT'. */
export function holdUntilText(expiresAt: string | Date): string {
  return `Held for you until ${platformClockTime(expiresAt)}`;
}
