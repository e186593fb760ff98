import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const payoutMethod = pgEnum('payout_method', ['MPESA', 'BANK', 'PAYPAL']);
export const uploadKind = pgEnum('upload_kind', ['IMAGE', 'VIDEO']);
export const advisorApplicationStatus = pgEnum('advisor_application_status', [
  'PENDING_REVIEW',
  'APPROVED',
  'REJECTED',
]);

/**
 * Every mentor application, one row each, kept for good: a rejected applicant may apply again with the same
 * e-mail (the user row and profile then hold the new answers), and the older rows stay as its history.
 * Records which terms were accepted and when; at most one application of a person waits for review.
 */
export const advisorApplications = pgTable(
  'advisor_applications',
  {
    id: serial('id').primaryKey(),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: advisorApplicationStatus('status').notNull().default('PENDING_REVIEW'),
    /** The answers as sent (no password); null for applications made before they were recorded. */
    answers: jsonb('answers').$type<Record<string, unknown>>(),
    /** The version of the mentor terms accepted, and when; null for applications made before they were recorded. */
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    index('advisor_applications_applicant_idx').on(t.applicantId, t.submittedAt),
    uniqueIndex('advisor_applications_one_pending')
      .on(t.applicantId)
      .where(sql`${t.status} = 'PENDING_REVIEW'`),
  ],
);

/**
 * Whole dates (platform time zone) a mentor gives no session on: leave, holidays. Slot generation leaves
 * these dates out.
 */
export const advisorBlockedDates = pgTable(
  'advisor_blocked_dates',
  {
    advisorId: integer('advisor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** yyyy-MM-dd */
    blockedDate: date('blocked_date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.advisorId, t.blockedDate] })],
);

/** How a mentor is paid: at most one row per method, and at most one preferred. */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: payoutMethod('method').notNull(),
    preferred: boolean('preferred').notNull().default(false),
    /** 2547XXXXXXXX */
    mpesaPhoneNumber: text('mpesa_phone_number'),
    /**
     * When the mentor proved the M-PESA number (their account's verified phone, or a code sent to it; issue 21).
     * Payouts go only to a number proven: null means never sent B2C.
     */
    mpesaVerifiedAt: timestamp('mpesa_verified_at', { withTimezone: true }),
    bankName: text('bank_name'),
    branch: text('branch'),
    accountName: text('account_name'),
    accountNumber: text('account_number'),
    paypalEmail: text('paypal_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_methods_user_method_unique').on(t.userId, t.method),
    uniqueIndex('payout_methods_one_preferred').on(t.userId).where(sql`${t.preferred}`),
  ],
);

/** An advisee's answers; every submission is kept, the newest is shown to their mentors. */
export const selfAssessments = pgTable(
  'self_assessments',
  {
    id: serial('id').primaryKey(),
    adviseeId: integer('advisee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    strugglingWith: text('struggling_with').notNull(),
    strugglingWithThisArea: text('struggling_with_this_area').notNull(),
    howHaveYouAddressed: text('how_have_you_addressed').notNull(),
    additionalInformation: text('additional_information').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('self_assessments_advisee_time_idx').on(t.adviseeId, t.createdAt)],
);

/** Messages of the help page's contact form; each is also e-mailed to support. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_time_idx').on(t.createdAt)],
);

/**
 * Every file stored by an upload, with who uploaded it: a profile may only point at its owner's files, and a
 * replaced file is removed.
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    /** The storage key: 'images/<random>.webp', 'videos/<random>.mp4' */
    key: text('key').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    kind: uploadKind('kind').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** The address that sent it: anonymous uploads have a daily byte budget per address. */
    uploadedFrom: text('uploaded_from'),
    /** The applicant's e-mail an anonymous upload was sent for (lower case): a daily byte budget per e-mail. */
    uploadedForEmail: text('uploaded_for_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploaded_files_owner_idx').on(t.ownerId, t.createdAt),
    index('uploaded_files_from_idx').on(t.uploadedFrom, t.createdAt),
    index('uploaded_files_email_idx').on(t.uploadedForEmail, t.createdAt),
  ],
);
