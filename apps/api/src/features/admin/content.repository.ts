import type { UserType } from '@myprosper/contract/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { faqs, testimonials } from '../../db/schema/catalogue.ts';

const faqColumns = {
  id: faqs.id,
  userType: faqs.userType,
  question: faqs.question,
  answer: faqs.answer,
  isActive: faqs.isActive,
  position: faqs.position,
};

const testimonialColumns = {
  id: testimonials.id,
  testimonial: testimonials.testimonial,
  name: testimonials.name,
  position: testimonials.position,
  isActive: testimonials.isActive,
  sortOrder: testimonials.sortOrder,
};

export type FaqValues = { userType: UserType; question: string; answer: string; isActive: boolean };
export type TestimonialValues = { testimonial: string; name: string; position: string; isActive: boolean };

/** FAQs (per user type) and testimonials, hidden ones included. */
export class AdminContentRepository {
  constructor(private readonly db: DbOrTx) {}

  listFaqs() {
    return this.db
      .select(faqColumns)
      .from(faqs)
      .orderBy(asc(faqs.userType), asc(faqs.position), asc(faqs.id));
  }

  async lockFaq(id: number) {
    const [row] = await this.db.select(faqColumns).from(faqs).where(eq(faqs.id, id)).for('update');
    return row ?? null;
  }

  /** New FAQs go last among their user type's. */
  async insertFaq(values: FaqValues) {
    const [row] = await this.db
      .insert(faqs)
      .values({
        ...values,
        position: sql`(select coalesce(max(${faqs.position}), -1) + 1 from ${faqs} where ${faqs.userType} = ${values.userType})`,
      })
      .returning(faqColumns);
    return row!;
  }

  async updateFaq(id: number, values: FaqValues) {
    const [row] = await this.db.update(faqs).set(values).where(eq(faqs.id, id)).returning(faqColumns);
    return row!;
  }

  /** The FAQ ids of a user type in their order, locked against a concurrent reordering. */
  async lockFaqOrder(userType: UserType): Promise<number[]> {
    const rows = await this.db
      .select({ id: faqs.id })
      .from(faqs)
      .where(eq(faqs.userType, userType))
      .orderBy(asc(faqs.position), asc(faqs.id))
      .for('update');
    return rows.map((row) => row.id);
  }

  async setFaqPosition(id: number, userType: UserType, position: number): Promise<void> {
    await this.db
      .update(faqs)
      .set({ position })
      .where(and(eq(faqs.id, id), eq(faqs.userType, userType)));
  }

  listTestimonials() {
    return this.db
      .select(testimonialColumns)
      .from(testimonials)
      .orderBy(asc(testimonials.sortOrder), asc(testimonials.id));
  }

  async lockTestimonial(id: number) {
    const [row] = await this.db
      .select(testimonialColumns)
      .from(testimonials)
      .where(eq(testimonials.id, id))
      .for('update');
    return row ?? null;
  }

  async insertTestimonial(values: TestimonialValues) {
    const [row] = await this.db
      .insert(testimonials)
      .values({
        ...values,
        sortOrder: sql`(select coalesce(max(${testimonials.sortOrder}), -1) + 1 from ${testimonials})`,
      })
      .returning(testimonialColumns);
    return row!;
  }

  async updateTestimonial(id: number, values: TestimonialValues) {
    const [row] = await this.db
      .update(testimonials)
      .set(values)
      .where(eq(testimonials.id, id))
      .returning(testimonialColumns);
    return row!;
  }

  async lockTestimonialOrder(): Promise<number[]> {
    const rows = await this.db
      .select({ id: testimonials.id })
      .from(testimonials)
      .orderBy(asc(testimonials.sortOrder), asc(testimonials.id))
      .for('update');
    return rows.map((row) => row.id);
  }

  async setTestimonialOrder(id: number, sortOrder: number): Promise<void> {
    await this.db.update(testimonials).set({ sortOrder }).where(eq(testimonials.id, id));
  }
}
