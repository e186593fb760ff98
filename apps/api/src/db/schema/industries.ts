import { pgTable, serial, text } from 'drizzle-orm/pg-core';

/** The industries a person may say they work in (users.industry_id), listed by GET /getIndustries. */
export const industries = pgTable('industries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});
