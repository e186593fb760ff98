/**
 * The outbox feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * The record of every e-mail and SMS sent (the mailer and the SMS sender write to it), and its sandbox pages.
 */
export { OutboxRepository } from './outbox.repository.ts';
export { outboxRoutes } from './outbox.routes.ts';
