import { count, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../connection.ts';
import {
  faqs,
  industries,
  languages,
  leadSources,
  pricingSettings,
  testimonials,
  topics,
} from '../schema/catalogue.ts';
import { users } from '../schema/users.ts';
import {
  demoAdmin,
  demoAdvisee,
  demoFaqs,
  demoIndustries,
  demoLanguages,
  demoLeadSources,
  demoPricing,
  demoTestimonials,
} from './demo-content.ts';
import { type DemoMentor, demoMentorAccount, demoMentors } from './demo-mentors.ts';
import { demoTopics } from './demo-topics.ts';
import {
  createAdmin,
  createAdvisee,
  createAdvisor,
  createTopic,
  factoryPassword,
  factoryPasswordHash,
} from './factories.ts';

export interface SeedResult {
  seeded: boolean;
  reason?: string;
  /** How many rows of each kind were added. */
  added?: Record<string, number>;
}

export const demoLogins = [
  { role: 'Advisee', email: 'advisee@myprosper.test' },
  { role: 'Mentor', email: 'mentor@myprosper.test' },
  { role: 'Admin', email: 'admin@myprosper.test' },
] as const;
export const demoPassword = factoryPassword;

// Two seeds started at once (two API processes on one new database) take turns.
const seedLockKey = 72_430_026;

/**
 * Fills an empty database with believable demo data, in one transaction. A database that already has
 * users is left alone; one holding real (non-demo) users too, unless `force` is set, and then only what
 * is missing is added. Running it again changes nothing.
 */
export async function seedDemoData(db: Db, options: { force?: boolean } = {}): Promise<SeedResult> {
  const early = refusal(await readUserCounts(db), options.force);
  if (early) return { seeded: false, reason: early };
  // Hashed once, before the transaction, and shared by every demo user.
  const passwordHash = await factoryPasswordHash();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    const reason = refusal(await readUserCounts(tx), options.force);
    if (reason) return { seeded: false, reason };
    const added = await addMissingDemoData(tx, passwordHash);
    const total = Object.values(added).reduce((sum, n) => sum + n, 0);
    return total > 0 ? { seeded: true, added } : { seeded: false, reason: 'nothing was missing', added };
  });
}

async function readUserCounts(db: DbOrTx): Promise<{ total: number; real: number }> {
  const [state] = await db
    .select({
      total: count(),
      real: sql<number>`count(*) filter (where ${users.isDemo} = 0)`.mapWith(Number),
    })
    .from(users);
  return { total: state?.total ?? 0, real: state?.real ?? 0 };
}

/** Why the seed must leave this database alone, or null when it may go on. */
function refusal(counts: { total: number; real: number }, force = false): string | null {
  if (force) return null;
  if (counts.real > 0) return 'the database holds real users; seed with force to add demo data to it';
  if (counts.total > 0) return 'the database already has users';
  return null;
}

async function addMissingDemoData(tx: DbOrTx, passwordHash: string): Promise<Record<string, number>> {
  const added: Record<string, number> = {};
  const industryRefs = await ensureNamed(tx, industries, demoIndustries);
  const languageRefs = await ensureNamed(tx, languages, demoLanguages);
  const leadSourceRefs = await ensureNamed(tx, leadSources, demoLeadSources);
  added.industries = industryRefs.added;
  added.languages = languageRefs.added;
  added.leadSources = leadSourceRefs.added;

  const pricing = await tx.insert(pricingSettings).values(demoPricing).onConflictDoNothing().returning();
  added.pricingSettings = pricing.length;

  const topicRefs = await ensureTopics(tx);
  added.topics = topicRefs.added;
  added.faqs = await ensureFaqs(tx);
  added.testimonials = await ensureTestimonials(tx);

  const demoEmails = [demoAdvisee, demoAdmin, demoMentorAccount, ...demoMentors].map((u) =>
    u.email.toLowerCase(),
  );
  const existingEmails = new Set(
    (
      await tx
        .select({ email: users.email })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, demoEmails))
    ).map((row) => row.email.toLowerCase()),
  );
  const takenPhones = new Set(
    (
      await tx
        .select({ phone: users.phoneNumber })
        .from(users)
        .where(
          inArray(users.phoneNumber, [
            demoAdvisee.phoneNumber,
            demoAdmin.phoneNumber,
            demoMentorAccount.phone,
            ...demoMentors.map((m) => m.phone),
          ]),
        )
    ).map((row) => row.phone),
  );
  const freePhone = (phone: string) => (takenPhones.has(phone) ? null : phone);
  let userCount = 0;
  if (!existingEmails.has(demoAdvisee.email)) {
    await createAdvisee(tx, {
      ...demoAdvisee,
      phoneNumber: freePhone(demoAdvisee.phoneNumber),
      passwordHash,
    });
    userCount += 1;
  }
  if (!existingEmails.has(demoAdmin.email)) {
    await createAdmin(tx, { ...demoAdmin, phoneNumber: freePhone(demoAdmin.phoneNumber), passwordHash });
    userCount += 1;
  }
  for (const mentor of [demoMentorAccount, ...demoMentors]) {
    if (existingEmails.has(mentor.email)) continue;
    await createDemoMentor(tx, mentor, {
      passwordHash,
      phone: freePhone(mentor.phone),
      industryIds: industryRefs.ids,
      languageIds: languageRefs.ids,
      topicIds: topicRefs.ids,
    });
    userCount += 1;
  }
  added.users = userCount;
  return added;
}

async function createDemoMentor(
  tx: DbOrTx,
  mentor: DemoMentor,
  refs: {
    passwordHash: string;
    phone: string | null;
    industryIds: Map<string, number>;
    languageIds: Map<string, number>;
    topicIds: Map<string, number>;
  },
) {
  const pick = (map: Map<string, number>, names: string[]) =>
    names.map((name) => {
      const id = map.get(name.toLowerCase());
      if (id === undefined) throw new Error(`Demo data refers to an unknown name: ${name}`);
      return id;
    });
  const slug = mentor.name.toLowerCase().replaceAll(' ', '-');
  await createAdvisor(tx, {
    name: mentor.name,
    email: mentor.email,
    phoneNumber: refs.phone,
    passwordHash: refs.passwordHash,
    gender: mentor.gender,
    industryId: pick(refs.industryIds, [mentor.industry])[0],
    occupation: mentor.occupation,
    linkedInUrl: `https://www.linkedin.com/in/myprosper-demo-${slug}`,
    country: 'Kenya',
    profilePicUrl: `/images/mentors/${mentor.photo}.webp`,
    isDemo: 1,
    profile: {
      favouriteQuote: mentor.quote,
      biography: mentor.bio,
      videoUrl: `/media/intro-${(Number(mentor.photo.slice(1)) % 4) + 1}.webm`,
      yrsOfProfessionalWorkExperience: mentor.years,
      ranking: mentor.ranking,
    },
    topicIds: pick(refs.topicIds, mentor.topics),
    languageIds: pick(refs.languageIds, mentor.languages),
    availability: mentor.availability,
  });
}

interface NamedRefs {
  /** Ids keyed by lower case name. */
  ids: Map<string, number>;
  added: number;
}

/** Inserts the names a table lacks; answers every name's id, keyed by lower case name. */
async function ensureNamed(
  tx: DbOrTx,
  table: typeof industries | typeof languages | typeof leadSources,
  names: string[],
): Promise<NamedRefs> {
  const inserted = await tx
    .insert(table)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing()
    .returning({ id: table.id });
  const rows = await tx
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(table.name, names));
  return { ids: new Map(rows.map((row) => [row.name.toLowerCase(), row.id])), added: inserted.length };
}

async function ensureTopics(tx: DbOrTx): Promise<NamedRefs> {
  const lower = demoTopics.map((topic) => topic.name.toLowerCase());
  const existing = await tx
    .select({ id: topics.id, name: topics.name })
    .from(topics)
    .where(inArray(sql`lower(${topics.name})`, lower));
  const ids = new Map(existing.map((row) => [row.name.toLowerCase(), row.id]));
  let addedCount = 0;
  for (const [index, topic] of demoTopics.entries()) {
    if (ids.has(topic.name.toLowerCase())) continue;
    const row = await createTopic(tx, {
      name: topic.name,
      imgUrl: `/images/topics/${topic.slug}.webp`,
      tagLine: topic.tagLine,
      videoUrl: topic.video,
      position: index + 1,
      tips: topic.tips,
    });
    ids.set(topic.name.toLowerCase(), row.id);
    addedCount += 1;
  }
  return { ids, added: addedCount };
}

async function ensureFaqs(tx: DbOrTx): Promise<number> {
  const existing = await tx.select({ userType: faqs.userType, question: faqs.question }).from(faqs);
  const known = new Set(existing.map((row) => `${row.userType} ${row.question}`));
  const missing = demoFaqs
    .map((faq, index) => ({ ...faq, position: index + 1 }))
    .filter((faq) => !known.has(`${faq.userType} ${faq.question}`));
  if (missing.length > 0) await tx.insert(faqs).values(missing);
  return missing.length;
}

async function ensureTestimonials(tx: DbOrTx): Promise<number> {
  const existing = await tx.select({ name: testimonials.name }).from(testimonials);
  const known = new Set(existing.map((row) => row.name));
  const missing = demoTestimonials
    .map((item, index) => ({ ...item, sortOrder: index + 1 }))
    .filter((item) => !known.has(item.name));
  if (missing.length > 0) await tx.insert(testimonials).values(missing);
  return missing.length;
}
