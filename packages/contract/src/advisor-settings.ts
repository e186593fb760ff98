import { z } from 'zod';
import { weekDay } from './catalogue.ts';
import { envelope, messageOnly } from './common.ts';
import { addDaysToDate, isCalendarDate, isSlotStartHour, slotOfHour, todayIn, weekDays } from './dates.ts';
import { messages } from './messages.ts';
import { emailField, isBlank, type Message, normaliseMpesaPhone, validateMpesaPhone } from './validation.ts';

/** What a mentor sets up: weekly hours, topics, blocked dates and how they are paid. */

export const maxAdvisorTopics = 5;
const maxId = 2_147_483_647;

// ---- Weekly time slots ----

/** HH:mm or HH:mm:ss -> the start hour when it is one of the 15 slots (06:00…21:00 without 12:00), else null. */
export function slotStartHourOf(startTime: string, endTime: string): number | null {
  const start = /^(\d{2}):00(?::00)?$/.exec(startTime.trim());
  const end = /^(\d{2}):00(?::00)?$/.exec(endTime.trim());
  if (!start || !end) return null;
  const hour = Number(start[1]);
  if (!isSlotStartHour(hour) || Number(end[1]) !== hour + 1) return null;
  return hour;
}

const slotInput = z
  .object({ startTime: z.string().max(8), endTime: z.string().max(8) })
  .refine((slot) => slotStartHourOf(slot.startTime, slot.endTime) !== null, messages.invalidTimeSlot);

export const sessionDay = z.object({
  dayName: weekDay,
  sessionTimeSlots: z.array(slotInput).max(30),
});

// ---- Booked sessions in hours a mentor takes away (issue 20) ----

/**
 * What to do with the booked sessions (held or paid) in hours a save takes away: CANCEL them (every mentee
 * refunded in full and told by e-mail and SMS), or KEEP them (the hours stay for them; nobody else can book
 * those hours). Without a choice, a save that would touch a booked session changes nothing and answers them.
 */
export const bookedSessionsChoice = z.enum(['CANCEL', 'KEEP']);
export type BookedSessionsChoice = z.infer<typeof bookedSessionsChoice>;

/** A booked session in hours a save takes away, as the mentor's dialog lists it. */
export const bookedSessionInHours = z.object({
  id: z.number().int(),
  reference: z.string(),
  /** yyyy-MM-dd'T'HH:mm:ss in the platform time zone */
  startTime: z.string(),
  topic: z.string(),
  /** Paid (CONFIRMED) or only held unpaid. */
  paid: z.boolean(),
});
export type BookedSessionInHours = z.infer<typeof bookedSessionInHours>;

/** What a save of hours or dates did: saved, or not (booked sessions to decide on), and which it cancelled. */
export const availabilityChange = z.object({
  saved: z.boolean(),
  bookedSessions: z.array(bookedSessionInHours),
  /** Ids of the sessions cancelled by this save (CANCEL). */
  cancelledSessionIds: z.array(z.number().int()),
});
export type AvailabilityChange = z.infer<typeof availabilityChange>;

/**
 * POST /myprosper/api/addAdvisorTimeSlot — the whole week: days left out have no slots. A day sent twice is
 * merged; a slot sent twice counts once.
 */
export const addAdvisorTimeSlotRequest = z.object({
  advisorId: z.number().int().positive().max(maxId),
  sessionDaysDTOList: z.array(sessionDay).max(14),
  bookedSessions: bookedSessionsChoice.optional(),
});
/** Its answer: the message, and what the save did (data; absent from older servers). */
export const addAdvisorTimeSlotResponse = messageOnly.extend({ data: availabilityChange.optional() });
export type AddAdvisorTimeSlotRequest = z.infer<typeof addAdvisorTimeSlotRequest>;

/** One weekday of a mentor's week: slots as HH:mm:ss. */
export const weekDaySlots = z.object({
  dayName: weekDay,
  sessionTimeSlots: z.array(z.object({ startTime: z.string(), endTime: z.string() })),
});
export type WeekDaySlots = z.infer<typeof weekDaySlots>;
/** GET /myprosper/api/getAdvisorTimeSlots/{advisorId}: Monday to Sunday, every day listed. */
export const advisorTimeSlotsResponse = envelope(z.array(weekDaySlots));

/** Rows (ISO weekday, start hour) of a week as the editor shows it: all seven days, slots in order. */
export function toWeekDaySlots(
  rows: ReadonlyArray<{ dayOfWeek: number; startHour: number }>,
): WeekDaySlots[] {
  return weekDays.map((dayName, index) => ({
    dayName,
    sessionTimeSlots: rows
      .filter((row) => row.dayOfWeek === index + 1)
      .map((row) => row.startHour)
      .sort((a, b) => a - b)
      .map(slotOfHour),
  }));
}

// ---- Topics ----

/** The editor's topics: at least one, no repeats ('Topics must be unique'), at most five. */
export function validateAdvisorTopics(topicIds: readonly number[]): Message | null {
  if (topicIds.length === 0) return messages.selectTopic;
  if (new Set(topicIds).size !== topicIds.length) return messages.topicsUnique;
  return topicIds.length > maxAdvisorTopics ? messages.maxTopics : null;
}

/** POST /myprosper/api/updateAdvisorTopics */
export const updateAdvisorTopicsRequest = z
  .object({
    advisorId: z.number().int().positive().max(maxId),
    topics: z.array(z.number().int().positive().max(maxId)).max(50),
  })
  .superRefine((form, ctx) => {
    const message = validateAdvisorTopics(form.topics);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['topics'] });
  });
export type UpdateAdvisorTopicsRequest = z.infer<typeof updateAdvisorTopicsRequest>;

export const advisorSettingsMessages = {
  unknownTopic: 'Please choose topics from the list',
  datesBlocked: 'Dates blocked successfully',
  dateUnblocked: 'Date unblocked successfully',
  bookedSessionsFound:
    'Sessions are booked in these hours. Cancel them (each mentee is refunded in full and told) or keep these hours for them.',
  sessionsCancelledToo: (count: number) =>
    `${count} booked session${count === 1 ? ' was' : 's were'} cancelled; the mentees are refunded in full and told.`,
  bookedHoursKept: 'Saved. The booked sessions keep their hours.',
} as const;

// ---- Blocked dates ----

/** How far ahead a mentor may block dates. */
export const blockedDatesMaxDaysAhead = 366;

/** A date a mentor may block: a real yyyy-MM-dd date from today (platform zone) to a year ahead. */
export function validateBlockedDate(date: string, today: string = todayIn()): Message | null {
  if (!isCalendarDate(date)) return messages.invalidDate;
  if (date < today) return messages.blockedDateInPast;
  return date > addDaysToDate(today, blockedDatesMaxDaysAhead) ? messages.blockedDateTooFar : null;
}

const calendarDate = z.string().max(10).refine(isCalendarDate, messages.invalidDate);

/** POST /myprosper/api/advisorBlockedDates — whole days without sessions (leave, holidays). */
export const blockDatesRequest = z.object({
  dates: z.array(calendarDate).min(1, messages.fillAllFields).max(92),
  bookedSessions: bookedSessionsChoice.optional(),
});
export type BlockDatesRequest = z.input<typeof blockDatesRequest>;
/**
 * GET /myprosper/api/advisorBlockedDates: today's and later blocked dates, ascending. A block (POST) also says
 * what it did with booked sessions on those dates (`change`).
 */
export const blockedDatesResponse = envelope(
  z.object({ dates: z.array(z.string()), change: availabilityChange.optional() }),
);
export const blockedDateParams = z.object({ date: calendarDate });

// ---- Payment preferences (payout methods) ----

export const payoutMethods = ['MPESA', 'BANK', 'PAYPAL'] as const;
export const payoutMethod = z.enum(payoutMethods);
export type PayoutMethod = z.infer<typeof payoutMethod>;

/** Banks licensed in Kenya (GET /myprosper/api/getBanks). */
export const kenyanBanks = [
  'Absa Bank Kenya',
  'Access Bank Kenya',
  'African Banking Corporation',
  'Bank of Africa Kenya',
  'Bank of Baroda Kenya',
  'Bank of India Kenya',
  'Citibank Kenya',
  'Consolidated Bank of Kenya',
  'Co-operative Bank of Kenya',
  'Credit Bank',
  'Development Bank of Kenya',
  'Diamond Trust Bank Kenya',
  'DIB Bank Kenya',
  'Ecobank Kenya',
  'Equity Bank Kenya',
  'Family Bank',
  'First Community Bank',
  'Guaranty Trust Bank Kenya',
  'Guardian Bank',
  'Gulf African Bank',
  'Habib Bank AG Zurich',
  'I&M Bank Kenya',
  'KCB Bank Kenya',
  'Kingdom Bank',
  'Mayfair CIB Bank',
  'Middle East Bank Kenya',
  'National Bank of Kenya',
  'NCBA Bank Kenya',
  'Paramount Bank',
  'Premier Bank Kenya',
  'Prime Bank',
  'SBM Bank Kenya',
  'Sidian Bank',
  'Stanbic Bank Kenya',
  'Standard Chartered Bank Kenya',
  'UBA Kenya Bank',
  'Victoria Commercial Bank',
] as const;
export const banksResponse = envelope(z.array(z.object({ name: z.string() })));

/** Account numbers: digits only once spaces and dashes are taken out, 6 to 20 of them. */
export function normaliseAccountNumber(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{6,20}$/.test(digits) ? digits : null;
}

/** '254712345678' -> '•••• 5678': what the screen shows after saving. */
export function maskTail(value: string, visible = 4): string {
  return `•••• ${value.slice(-visible)}`;
}

const requiredText = (max: number) =>
  z.string().trim().min(1, { message: messages.fillAllFields, abort: true }).max(max);

const mpesaDetails = z.object({
  method: z.literal('MPESA'),
  preferred: z.boolean().default(false),
  /** 0712 345678: stored as 254712345678. */
  mpesaPhoneNumber: z
    .string()
    .max(30)
    .optional()
    .superRefine((value, ctx) => {
      const message = validateMpesaPhone(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => normaliseMpesaPhone(value ?? '')),
  /**
   * Issue 21: the signed proof (POST /myprosper/auth/application/phone/verify) that the mentor typed the code
   * sent to this number. Not needed for the account's own verified number. Payouts go only to a proven number.
   */
  phoneProof: z.string().max(2000).optional(),
});

const bankDetails = z.object({
  method: z.literal('BANK'),
  preferred: z.boolean().default(false),
  bankName: z
    .string()
    .max(100)
    .optional()
    .superRefine((value, ctx) => {
      if (isBlank(value)) ctx.addIssue({ code: 'custom', message: messages.fillAllFields });
      else if (!(kenyanBanks as readonly string[]).includes(value ?? ''))
        ctx.addIssue({ code: 'custom', message: messages.invalidBank });
    }),
  branch: requiredText(100),
  accountName: requiredText(200),
  accountNumber: z
    .string()
    .trim()
    .min(1, { message: messages.fillAllFields, abort: true })
    .max(40, { message: messages.invalidAccountNumber, abort: true })
    .refine((value) => normaliseAccountNumber(value) !== null, messages.invalidAccountNumber)
    .transform((value) => normaliseAccountNumber(value) ?? value),
});

const paypalDetails = z.object({
  method: z.literal('PAYPAL'),
  preferred: z.boolean().default(false),
  paypalEmail: emailField.transform((value) => value.toLowerCase()),
});

/** POST /myprosper/api/updatePaymentMethod — saves one method (one of each per mentor); one is preferred. */
export const updatePaymentMethodRequest = z.discriminatedUnion('method', [
  mpesaDetails,
  bankDetails,
  paypalDetails,
]);
export type UpdatePaymentMethodRequest = z.input<typeof updatePaymentMethodRequest>;
export type PaymentMethodDetails = z.output<typeof updatePaymentMethodRequest>;
export const updatePaymentMethodResponse = messageOnly;

/** A saved method as the screen shows it: the phone and the account number masked. */
export const paymentMethodView = z.object({
  method: payoutMethod,
  preferred: z.boolean(),
  mpesaPhoneNumber: z.string().nullable(),
  /** Whether the M-PESA number was proven (the account's verified phone, or a code): only then is it paid. */
  mpesaVerified: z.boolean().default(false),
  bankName: z.string().nullable(),
  branch: z.string().nullable(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  paypalEmail: z.string().nullable(),
  updatedAt: z.string(),
});
export type PaymentMethodView = z.infer<typeof paymentMethodView>;
/** GET /myprosper/api/getPaymentMethods/{userId}: the saved methods, MPESA, BANK, PAYPAL order. */
export const paymentMethodsResponse = envelope(z.array(paymentMethodView));
