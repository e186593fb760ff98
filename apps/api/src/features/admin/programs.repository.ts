import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { advisorTopics, topics, topicTips } from '../../db/schema/catalogue.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { vouchers } from '../../db/schema/vouchers.ts';

export interface ProgramValues {
  name: string;
  tagLine: string;
  videoUrl: string;
  imgUrl: string;
  isLive: boolean;
}

const programColumns = {
  id: topics.id,
  name: topics.name,
  tagLine: topics.tagLine,
  imgUrl: topics.imgUrl,
  videoUrl: topics.videoUrl,
  isLive: topics.isLive,
  position: topics.position,
  createdAt: topics.createdAt,
  sessionCount: sql<number>`(select count(*) from sessions s where s.topic_id = ${topics.id})`.mapWith(
    Number,
  ),
  mentorCount:
    sql<number>`(select count(*) from advisor_topics atp where atp.topic_id = ${topics.id})`.mapWith(Number),
};

/** Programs (topics) with their tips, as admins edit them: unpublished ones included. */
export class AdminProgramsRepository {
  constructor(private readonly db: DbOrTx) {}

  list() {
    return this.db.select(programColumns).from(topics).orderBy(asc(topics.position), asc(topics.id));
  }

  async find(id: number) {
    const [row] = await this.db.select(programColumns).from(topics).where(eq(topics.id, id));
    return row ?? null;
  }

  /** Locks the program row (inside a transaction) and answers it, or null. */
  async lock(id: number) {
    const [row] = await this.db.select({ id: topics.id }).from(topics).where(eq(topics.id, id)).for('update');
    return row ?? null;
  }

  async tipsOf(topicIds: readonly number[]) {
    if (topicIds.length === 0) return [];
    return this.db
      .select({ topicId: topicTips.topicId, name: topicTips.name })
      .from(topicTips)
      .where(inArray(topicTips.topicId, [...topicIds]))
      .orderBy(asc(topicTips.position), asc(topicTips.id));
  }

  /** New programs go last. */
  async insert(values: ProgramValues): Promise<number> {
    const [row] = await this.db
      .insert(topics)
      .values({
        ...values,
        position: sql`(select coalesce(max(${topics.position}), -1) + 1 from ${topics})`,
      })
      .returning({ id: topics.id });
    return row!.id;
  }

  async update(id: number, values: Partial<ProgramValues>): Promise<void> {
    await this.db.update(topics).set(values).where(eq(topics.id, id));
  }

  async replaceTips(topicId: number, tips: readonly string[]): Promise<void> {
    await this.db.delete(topicTips).where(eq(topicTips.topicId, topicId));
    if (tips.length > 0) {
      await this.db.insert(topicTips).values(tips.map((name, position) => ({ topicId, name, position })));
    }
  }

  /** Every program id, in its current order, locked against a concurrent reordering. */
  async lockOrder(): Promise<number[]> {
    const rows = await this.db
      .select({ id: topics.id })
      .from(topics)
      .orderBy(asc(topics.position), asc(topics.id))
      .for('update');
    return rows.map((row) => row.id);
  }

  async setPosition(id: number, position: number): Promise<void> {
    await this.db.update(topics).set({ position }).where(eq(topics.id, id));
  }

  async countSessions(topicId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(sessions).where(eq(sessions.topicId, topicId));
    return row?.n ?? 0;
  }

  /** Gift vouchers bought for it (they pay a session on it later). */
  async hasVouchers(topicId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(eq(vouchers.topicId, topicId))
      .limit(1);
    return row !== undefined;
  }

  /** Mentors who give it: their links go with the program. */
  async mentorsOf(topicId: number): Promise<number[]> {
    const rows = await this.db
      .select({ advisorId: advisorTopics.advisorId })
      .from(advisorTopics)
      .where(eq(advisorTopics.topicId, topicId));
    return rows.map((row) => row.advisorId);
  }

  async delete(topicId: number): Promise<void> {
    await this.db.delete(advisorTopics).where(eq(advisorTopics.topicId, topicId));
    await this.db.delete(topics).where(eq(topics.id, topicId));
  }
}
