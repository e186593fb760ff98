import { index, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const outboxChannel = pgEnum('outbox_channel', ['EMAIL', 'SMS']);

/**
 * Every e-mail and SMS we send, whatever the transport. With no SMTP server or SMS credentials configured,
 * this table is the outbox shown at /dev/outbox.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: outboxChannel('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** The transport that carried it: 'outbox' (kept here only), 'smtp', 'africastalking'. */
    transport: text('transport').notNull(),
    providerRef: text('provider_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);
