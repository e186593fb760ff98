/**
 * Small creators of database rows, used by the demo seed and by tests alike. Every value has a unique
 * default, so tests can call them freely; pass overrides for what a test cares about.
 */
import { randomBytes } from 'node:crypto';
import { isoWeekdayOfName, isSlotStartHour, type WeekDayName } from '@myprosper/contract/dates';
import type { InvitationStatus } from '@myprosper/contract/sessions';
import { hashPassword } from '../../lib/password.ts';
import type { DbOrTx } from '../connection.ts';
import {
  advisorAvailability,
  advisorLanguages,
  advisorProfiles,
  advisorTopics,
  faqs,
  industries,
  languages,
  leadSources,
  pricingSettings,
  testimonials,
  topics,
  topicTips,
} from '../schema/catalogue.ts';
import { sessionParticipants, sessions } from '../schema/sessions.ts';
import { users } from '../schema/users.ts';

/** The password of every user a factory makes, unless one is given. */
export const factoryPassword = 'Prosper#2026';

const runId = randomBytes(3).toString('hex');
let sequence = 0;
/** A value no other call in this process returns: 'a1b2c3-7'. */
/** A suffix as a name may carry it: each digit a letter ('3f-12' → 'dfbc'); still unique among suffixes. */
export function lettersOf(suffix: string): string {
  return suffix.replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!).replace(/-/g, 'q');
}

export function uniqueSuffix(): string {
  sequence += 1;
  return `${runId}-${sequence}`;
}

// Kenyan mobile numbers in the stored form 2547XXXXXXXX, unique within the process.
let phoneSequence = 10_000_000 + (Number.parseInt(runId, 16) % 80_000_000);
export function uniquePhone(): string {
  phoneSequence += 1;
  return `2547${String(phoneSequence % 100_000_000).padStart(8, '0')}`;
}

let defaultHash: Promise<string> | undefined;
/** The hash of factoryPassword, computed once per process (argon2id is slow by design). */
export function factoryPasswordHash(): Promise<string> {
  defaultHash ??= hashPassword(factoryPassword);
  return defaultHash;
}

type UserInsert = typeof users.$inferInsert;
export type UserOverrides = Partial<Omit<UserInsert, 'id' | 'role'>> & { password?: string };
export type UserRow = typeof users.$inferSelect;

async function passwordHashFor(overrides: UserOverrides): Promise<string> {
  if (overrides.passwordHash) return overrides.passwordHash;
  if (overrides.password) return hashPassword(overrides.password);
  return factoryPasswordHash();
}

async function createUser(db: DbOrTx, role: UserInsert['role'], overrides: UserOverrides): Promise<UserRow> {
  const suffix = uniqueSuffix();
  const { password: _password, ...fields } = overrides;
  const [row] = await db
    .insert(users)
    .values({
      email: `${role.toLowerCase()}-${suffix}@example.test`,
      // Names are letters only (issue 20): the suffix's digits become letters, so it stays unique.
      name: `Test ${role.charAt(0)}${role.slice(1).toLowerCase()} ${lettersOf(suffix)}`,
      phoneNumber: uniquePhone(),
      country: 'Kenya',
      isDemo: 1,
      // Demo and test people have proven their numbers and addresses (as if they had typed the codes).
      phoneVerifiedAt: new Date(),
      emailVerifiedAt: new Date(),
      ...fields,
      role,
      passwordHash: await passwordHashFor(overrides),
    })
    .returning();
  return row!;
}

/** A signed-up advisee (mentee). */
export function createAdvisee(db: DbOrTx, overrides: UserOverrides = {}): Promise<UserRow> {
  return createUser(db, 'ADVISEE', overrides);
}

export function createAdmin(db: DbOrTx, overrides: UserOverrides = {}): Promise<UserRow> {
  return createUser(db, 'ADMIN', overrides);
}

/** Weekly availability: start hours of one-hour slots per weekday, e.g. { Monday: [9, 10], Friday: [18] }. */
export type WeeklyHours = Partial<Record<WeekDayName, number[]>>;

export interface AdvisorOverrides extends UserOverrides {
  profile?: Partial<Omit<typeof advisorProfiles.$inferInsert, 'userId'>>;
  topicIds?: number[];
  languageIds?: number[];
  availability?: WeeklyHours;
}

export interface AdvisorRow extends UserRow {
  profile: typeof advisorProfiles.$inferSelect;
}

/** An approved, active mentor with a profile, and the topics, languages and weekly hours given. */
export async function createAdvisor(db: DbOrTx, overrides: AdvisorOverrides = {}): Promise<AdvisorRow> {
  const { profile, topicIds = [], languageIds = [], availability = {}, ...userOverrides } = overrides;
  const user = await createUser(db, 'ADVISOR', {
    occupation: 'Consultant',
    profilePicUrl: '/images/mentors/m01.svg',
    linkedInUrl: `https://www.linkedin.com/in/myprosper-${uniqueSuffix()}`,
    ...userOverrides,
  });
  const [profileRow] = await db
    .insert(advisorProfiles)
    .values({
      userId: user.id,
      favouriteQuote: 'Keep learning.',
      biography: `Mentor ${user.name} helps people grow.`,
      videoUrl: '/media/intro-1.webm',
      reviewedAt: new Date(),
      ...profile,
    })
    .returning();
  if (topicIds.length > 0) {
    await db
      .insert(advisorTopics)
      .values(topicIds.map((topicId, position) => ({ advisorId: user.id, topicId, position })));
  }
  if (languageIds.length > 0) {
    await db
      .insert(advisorLanguages)
      .values(languageIds.map((languageId) => ({ advisorId: user.id, languageId })));
  }
  const slots = availabilityRows(user.id, availability);
  if (slots.length > 0) await db.insert(advisorAvailability).values(slots);
  return { ...user, profile: profileRow! };
}

function availabilityRows(advisorId: number, availability: WeeklyHours) {
  return Object.entries(availability).flatMap(([day, hours = []]) =>
    hours.map((startHour) => {
      if (!isSlotStartHour(startHour)) throw new RangeError(`No session slot starts at ${startHour}:00`);
      return { advisorId, dayOfWeek: isoWeekdayOfName(day as WeekDayName), startHour };
    }),
  );
}

export interface TopicOverrides extends Partial<Omit<typeof topics.$inferInsert, 'id'>> {
  tips?: string[];
}
export type TopicRow = typeof topics.$inferSelect & { tips: string[] };

/** A live program with a few tips. */
export async function createTopic(db: DbOrTx, overrides: TopicOverrides = {}): Promise<TopicRow> {
  const suffix = uniqueSuffix();
  const { tips = [`First tip ${suffix}`, `Second tip ${suffix}`], ...fields } = overrides;
  const [row] = await db
    .insert(topics)
    .values({
      name: `Program ${suffix}`,
      imgUrl: '/images/topics/career-growth.svg',
      tagLine: `Tag line ${suffix}`,
      videoUrl: '/media/intro-1.webm',
      ...fields,
    })
    .returning();
  if (tips.length > 0) {
    await db.insert(topicTips).values(tips.map((name, position) => ({ topicId: row!.id, name, position })));
  }
  return { ...row!, tips };
}

export async function createIndustry(db: DbOrTx, overrides: { name?: string } = {}) {
  const [row] = await db
    .insert(industries)
    .values({ name: overrides.name ?? `Industry ${uniqueSuffix()}` })
    .returning();
  return row!;
}

export async function createLanguage(db: DbOrTx, overrides: { name?: string } = {}) {
  const [row] = await db
    .insert(languages)
    .values({ name: overrides.name ?? `Language ${uniqueSuffix()}` })
    .returning();
  return row!;
}

export async function createLeadSource(db: DbOrTx, overrides: { name?: string } = {}) {
  const [row] = await db
    .insert(leadSources)
    .values({ name: overrides.name ?? `Source ${uniqueSuffix()}` })
    .returning();
  return row!;
}

export async function createFaq(db: DbOrTx, overrides: Partial<Omit<typeof faqs.$inferInsert, 'id'>> = {}) {
  const suffix = uniqueSuffix();
  const [row] = await db
    .insert(faqs)
    .values({
      userType: 'ADVISEE',
      question: `Question ${suffix}?`,
      answer: `Answer ${suffix}.`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createTestimonial(
  db: DbOrTx,
  overrides: Partial<Omit<typeof testimonials.$inferInsert, 'id'>> = {},
) {
  const suffix = uniqueSuffix();
  const [row] = await db
    .insert(testimonials)
    .values({
      testimonial: '/media/intro-1.webm',
      name: `Person ${suffix}`,
      position: 'Student',
      ...overrides,
    })
    .returning();
  return row!;
}

/** Sets the price of a session type, replacing any price already set for it. */
export async function setPricing(
  db: DbOrTx,
  setting: { priceType: 'INDIVIDUAL' | 'GROUP'; baseSessionPrice: number; vatTax: number },
) {
  const [row] = await db
    .insert(pricingSettings)
    .values(setting)
    .onConflictDoUpdate({
      target: pricingSettings.priceType,
      set: { baseSessionPrice: setting.baseSessionPrice, vatTax: setting.vatTax, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

// ---- Sessions (added by the booking feature) ----

export interface BookedSessionOverrides {
  advisorId: number;
  /** The host: the advisee who booked. */
  adviseeId: number;
  topicId: number;
  startsAt: Date;
  sessionType?: 'INDIVIDUAL' | 'GROUP';
  status?: 'PENDING_PAYMENT' | 'CONFIRMED' | 'EXPIRED' | 'CANCELLED';
  amount?: number;
  holdExpiresAt?: Date | null;
  /** Other attendees (already registered advisees), accepted unless said otherwise. */
  attendees?: Array<{
    adviseeId: number;
    invitationStatus?: InvitationStatus;
    paymentStatus?: 'PAID' | 'UNPAID';
  }>;
}

/**
 * A one-hour session written straight to the database (confirmed and paid unless said otherwise), with its
 * host and attendees: for sessions in the past or any state a booking through the API cannot make.
 */
export async function createBookedSession(db: DbOrTx, options: BookedSessionOverrides) {
  const status = options.status ?? 'CONFIRMED';
  const paymentStatus: 'PAID' | 'UNPAID' = status === 'CONFIRMED' ? 'PAID' : 'UNPAID';
  const holdsSlot = status === 'CONFIRMED' || status === 'PENDING_PAYMENT';
  const endsAt = new Date(options.startsAt.getTime() + 3_600_000);
  const amount = options.amount ?? 2900;
  const [session] = await db
    .insert(sessions)
    .values({
      reference: `MPS-T${uniqueSuffix()
        .replace(/[^a-z0-9]/gi, '')
        .slice(-8)
        .toUpperCase()}`,
      advisorId: options.advisorId,
      adviseeId: options.adviseeId,
      topicId: options.topicId,
      sessionType: options.sessionType ?? (options.attendees?.length ? 'GROUP' : 'INDIVIDUAL'),
      startsAt: options.startsAt,
      endsAt,
      status,
      paymentStatus,
      paymentMode: 'MPESA',
      amount,
      holdExpiresAt:
        options.holdExpiresAt !== undefined
          ? options.holdExpiresAt
          : status === 'PENDING_PAYMENT'
            ? new Date(Date.now() + 15 * 60_000)
            : null,
    })
    .returning();
  const people = [
    { adviseeId: options.adviseeId, invitationStatus: 'ACCEPTED' as const, isHost: true },
    ...(options.attendees ?? []).map((a) => ({
      adviseeId: a.adviseeId,
      invitationStatus: a.invitationStatus ?? ('ACCEPTED' as const),
      isHost: false,
      paymentStatus: a.paymentStatus,
    })),
  ];
  await db.insert(sessionParticipants).values(
    people.map((person) => ({
      ...person,
      sessionId: session!.id,
      amount: Math.ceil(amount / people.length),
      paymentStatus: ('paymentStatus' in person ? person.paymentStatus : undefined) ?? paymentStatus,
      startsAt: options.startsAt,
      endsAt,
      holdsSlot,
    })),
  );
  return session!;
}
