import type { AccountStatus, ManagedRole } from '@myprosper/contract/admin-people';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { advisorProfiles, advisorTopics, industries, topics } from '../../db/schema/catalogue.ts';
import { payoutMethods } from '../../db/schema/profiles.ts';
import { advisorRatings } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { containing, phoneContaining } from './search-terms.ts';

/** Sessions of a person: with them as the mentor, or hosted or attended as a mentee. */
const sessionCount = sql<number>`case when ${users.role} = 'ADVISOR'
  then (select count(*) from sessions s where s.advisor_id = ${users.id})
  else (select count(*) from session_participants sp where sp.advisee_id = ${users.id}) end`.mapWith(Number);

const summaryColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phoneNumber: users.phoneNumber,
  role: users.role,
  status: users.status,
  profilePicUrl: users.profilePicUrl,
  createdAt: users.createdAt,
  sessionCount,
};

/** Mentors and advisees as the console finds and changes them. */
export class AdminUsersRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Of one role, or (none given) mentors and advisees both. */
  async search(filter: {
    role?: ManagedRole;
    query?: string;
    status?: AccountStatus;
    limit: number;
    offset: number;
  }) {
    const conditions: SQL[] = [
      filter.role ? eq(users.role, filter.role) : inArray(users.role, ['ADVISOR', 'ADVISEE']),
    ];
    if (filter.status) conditions.push(eq(users.status, filter.status));
    if (filter.query) {
      const text = containing(filter.query);
      conditions.push(
        or(
          ilike(users.name, text),
          ilike(users.email, text),
          ilike(users.phoneNumber, phoneContaining(filter.query)),
        )!,
      );
    }
    const where = and(...conditions);
    const rows = await this.db
      .select(summaryColumns)
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  /** A mentor or advisee with their profile; null for anyone else (admins included). */
  async find(id: number) {
    const [row] = await this.db
      .select({
        ...summaryColumns,
        gender: users.gender,
        dob: users.dob,
        country: users.country,
        occupation: users.occupation,
        linkedInUrl: users.linkedInUrl,
        industryId: industries.id,
        industryName: industries.name,
        biography: advisorProfiles.biography,
        favouriteQuote: advisorProfiles.favouriteQuote,
        videoUrl: advisorProfiles.videoUrl,
        ratingAverage: advisorRatings.averageRating,
        ratingCount: advisorRatings.ratingCount,
      })
      .from(users)
      .leftJoin(industries, eq(industries.id, users.industryId))
      .leftJoin(advisorProfiles, eq(advisorProfiles.userId, users.id))
      .leftJoin(advisorRatings, eq(advisorRatings.advisorId, users.id))
      .where(and(eq(users.id, id), inArray(users.role, ['ADVISOR', 'ADVISEE'])));
    return row ?? null;
  }

  topicsOf(advisorId: number) {
    return this.db
      .select({ id: topics.id, name: topics.name })
      .from(advisorTopics)
      .innerJoin(topics, eq(topics.id, advisorTopics.topicId))
      .where(eq(advisorTopics.advisorId, advisorId))
      .orderBy(asc(advisorTopics.position), asc(topics.id));
  }

  /** The payout method a mentor prefers (or their only one, or the latest). */
  async payoutMethodOf(userId: number) {
    const [row] = await this.db
      .select({
        method: payoutMethods.method,
        mpesaPhoneNumber: payoutMethods.mpesaPhoneNumber,
        bankName: payoutMethods.bankName,
        branch: payoutMethods.branch,
        accountName: payoutMethods.accountName,
        accountNumber: payoutMethods.accountNumber,
        paypalEmail: payoutMethods.paypalEmail,
      })
      .from(payoutMethods)
      .where(eq(payoutMethods.userId, userId))
      .orderBy(desc(payoutMethods.preferred), desc(payoutMethods.updatedAt), desc(payoutMethods.id))
      .limit(1);
    return row ?? null;
  }

  /** The account, locked for a change of status (inside a transaction). */
  async lock(id: number) {
    const [row] = await this.db
      .select({ id: users.id, role: users.role, status: users.status, tokenVersion: users.tokenVersion })
      .from(users)
      .where(and(eq(users.id, id), inArray(users.role, ['ADVISOR', 'ADVISEE'])))
      .for('update');
    return row ?? null;
  }

  /** Suspending also bumps token_version: every token the person holds stops working at once. */
  async setStatus(id: number, status: 'ACTIVE' | 'SUSPENDED'): Promise<void> {
    await this.db
      .update(users)
      .set({
        status,
        updatedAt: new Date(),
        ...(status === 'SUSPENDED' ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      })
      .where(eq(users.id, id));
  }
}
