import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { envelope } from './common.ts';
import { remembered } from './memo.ts';
import { groupShare, type PriceSetting, sessionPrice } from './pricing.ts';
import { session, sessionType } from './sessions.ts';
import type { SlotProblem } from './slots.ts';

/** Booking a session: the spec's payload, its rules and messages, shared by the booking screen and the API. */

export const paymentModes = ['CARD', 'MPESA', 'VOUCHER', 'WALLET'] as const;
export const paymentMode = z.enum(paymentModes);
export type PaymentMode = z.infer<typeof paymentMode>;

/** A group session has the booker plus 1 to this many other attendees. */
export const maxOtherAttendees = 3;

/** The longest note to the mentor a booking keeps (the database checks it too). */
export const maxBookingNoteLength = 500;

/** What the browser sends when nothing applies (phoneNumber, voucherCode). */
export const notApplicable = 'N/A';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * POST /myprosper/api/bookSession — the spec's booking payload. Any amount sent is ignored (the server prices
 * the session); adviseeId, when sent, must be the caller.
 */
export const bookSessionRequest = z.object({
  topicId: id,
  /** yyyy-MM-dd; empty gives 'Please select session date' */
  selectedDate: z.string().max(10).nullish(),
  /** HH:mm */
  selectedTime: z.string().max(8).default(''),
  otherAttendees: z.array(z.string().max(30)).max(20).default([]),
  sessionType,
  advisorId: id,
  adviseeId: id.optional(),
  paymentMode,
  phoneNumber: z.string().max(30).default(notApplicable),
  voucherCode: z.string().max(50).default(notApplicable),
  /** The booking statement's note to the mentor (optional; empty is none). */
  note: z
    .string()
    .trim()
    .max(maxBookingNoteLength, `Your note to the mentor can have at most ${maxBookingNoteLength} characters`)
    .nullish(),
});
/** What the browser sends. */
export type BookSessionRequest = z.input<typeof bookSessionRequest>;
/** What the server works with, after parsing (defaults filled in). */
export type BookSessionPayload = z.output<typeof bookSessionRequest>;

/** The answer's message is the reference number (spec); data is the new session. */
export const bookSessionResponse = envelope(session);

export const bookingMessages = {
  selectDate: 'Please select session date',
  cannotBookSelf: 'Cannot book self',
  onlyAdvisees: 'Only mentees can book sessions',
  notYou: 'You can only book sessions for yourself',
  advisorNotFound: 'This mentor was not found',
  topicNotFound: 'This topic was not found',
  topicNotOffered: 'This mentor does not give sessions on this topic',
  pricingMissing: 'Session prices are not set yet. Please try again later.',
  slotTaken: 'This slot has just been taken. Please choose another.',
  youAreBusy: 'You already have a session at this time.',
  attendeeBusy: 'One of the other attendees already has a session at this time.',
  addAttendees: 'Please add the phone number of at least one other attendee',
  tooManyAttendees: `A group session can have at most ${maxOtherAttendees} other attendees`,
  individualHasNoAttendees: 'An individual session has no other attendees',
  invalidAttendeePhone: (phone: string) => `${phone} is not a valid Kenyan phone number`,
  duplicateAttendee: 'Each attendee must have a different phone number',
  ownPhone: 'You are already in the session: add only the other attendees',
  tooManyBookings:
    'You have made too many bookings in the last hour. Please pay for the sessions you have booked, or try again later.',
  tooManyHolds: (limit: number) =>
    `You already have ${limit} unpaid booking${limit === 1 ? '' : 's'}. Please pay for one or cancel it before booking another.`,
  tooManyHoldsWithMentor: (limit: number) =>
    `You already have ${limit} unpaid booking${limit === 1 ? '' : 's'} with this mentor. Please pay for one or cancel it before booking another.`,
  /** `until`: when the pause ends, as 'Mon 3rd, Jan 2022 at 14:00 (Nairobi time)'. */
  holdsPaused: (until: string) =>
    `Several of your bookings lapsed unpaid, so booking is paused until ${until}. Sessions you book then must be paid within the time shown.`,
} as const;

/** Why a chosen date and time cannot be booked, for `checkSlot`'s problems. */
export function slotProblemMessage(
  problem: SlotProblem,
  limits: { minNoticeMinutes: number; horizonWeeks: number },
): string {
  switch (problem) {
    case 'invalidDate':
      return 'Please select a valid session date';
    case 'invalidTime':
      return 'Please select a session time';
    case 'notOffered':
      return 'The mentor is not available at this time. Please choose another slot.';
    case 'blocked':
      return 'The mentor is not available on this date. Please choose another date.';
    case 'past':
      return 'This time has already passed. Please choose another slot.';
    case 'tooSoon':
      return `Sessions must be booked at least ${describeMinutes(limits.minNoticeMinutes)} ahead. Please choose a later slot.`;
    case 'tooFar':
      return `Sessions can be booked up to ${limits.horizonWeeks} week${limits.horizonWeeks === 1 ? '' : 's'} ahead. Please choose an earlier date.`;
  }
}

function describeMinutes(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} hour${hours === 1 ? '' : 's'}`;
  }
  return `${minutes} minutes`;
}

/**
 * A Kenyan mobile number (0712 123456, 712123456, +254 712 123456, 254712123456, 0110 123456) as
 * 2547XXXXXXXX / 2541XXXXXXXX, or null when it is not one.
 */
export const normaliseKenyanMobile = remembered((phone: string): string | null => {
  // Remembered: parsing a number is dear, and people book and invite with the same few numbers.
  const value = phone.trim();
  if (value === '' || value.length > 30) return null;
  const parsed = parsePhoneNumberFromString(/^254\d{9}$/.test(value) ? `+${value}` : value, 'KE');
  if (!parsed || parsed.country !== 'KE' || !parsed.isValid()) return null;
  const national = String(parsed.nationalNumber);
  if (!/^[17]\d{8}$/.test(national)) return null;
  return `254${national}`;
}, 5000);

export type AttendeeCheck = { ok: true; phones: string[] } | { ok: false; message: string };

/**
 * The other attendees of a booking: none for an individual session; 1 to 3 different Kenyan mobile numbers,
 * not the booker's own, for a group. Answers the numbers normalised (2547XXXXXXXX).
 */
export function checkOtherAttendees(
  type: z.infer<typeof sessionType>,
  otherAttendees: readonly string[],
  bookerPhone: string | null,
): AttendeeCheck {
  const given = otherAttendees.map((p) => p.trim()).filter((p) => p !== '');
  if (type === 'INDIVIDUAL') {
    return given.length === 0
      ? { ok: true, phones: [] }
      : { ok: false, message: bookingMessages.individualHasNoAttendees };
  }
  if (given.length === 0) return { ok: false, message: bookingMessages.addAttendees };
  if (given.length > maxOtherAttendees) return { ok: false, message: bookingMessages.tooManyAttendees };
  const phones: string[] = [];
  for (const raw of given) {
    const phone = normaliseKenyanMobile(raw);
    if (!phone) return { ok: false, message: bookingMessages.invalidAttendeePhone(raw) };
    phones.push(phone);
  }
  if (new Set(phones).size !== phones.length)
    return { ok: false, message: bookingMessages.duplicateAttendee };
  const own = bookerPhone ? normaliseKenyanMobile(bookerPhone) : null;
  if (own && phones.includes(own)) return { ok: false, message: bookingMessages.ownPhone };
  return { ok: true, phones };
}

/**
 * What a booking costs: the whole price from the setting of its type (INDIVIDUAL or GROUP row), and each
 * attendee's share: the whole price alone, or ceil(price / (others + 1)) in a group.
 */
export function priceBooking(
  setting: PriceSetting,
  otherAttendees: number,
): { amount: number; share: number } {
  const amount = sessionPrice(setting);
  return { amount, share: otherAttendees > 0 ? groupShare(amount, otherAttendees) : amount };
}
