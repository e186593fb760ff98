import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { industries } from './industries.ts';

export const userRole = pgEnum('user_role', ['ADVISEE', 'ADVISOR', 'ADMIN']);
export const userStatus = pgEnum('user_status', ['ACTIVE', 'PENDING_REVIEW', 'REJECTED', 'SUSPENDED']);

/** Every person who can sign in: advisees, advisors (mentors) and admins. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash').notNull(),
    role: userRole('role').notNull(),
    status: userStatus('status').notNull().default('ACTIVE'),
    gender: text('gender'),
    dob: date('dob'),
    industryId: integer('industry_id').references(() => industries.id),
    occupation: text('occupation'),
    linkedInUrl: text('linkedin_url'),
    country: text('country'),
    profilePicUrl: text('profile_pic_url'),
    source: text('source'),
    /**
     * When the owner typed the SMS code sent to phone_number (features/verification); null until then. Only a
     * verified number is unique: an unverified account's number can be claimed by whoever verifies it.
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** When the owner opened the signed link e-mailed to this address; null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Bumped on log-out everywhere and on password change: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set for demo and test data made by the seed, so the seed can tell real users apart. */
    isDemo: integer('is_demo').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_unique').on(t.phoneNumber).where(sql`${t.phoneVerifiedAt} is not null`),
    index('users_phone_idx').on(t.phoneNumber),
    index('users_role_status_idx').on(t.role, t.status),
  ],
);
