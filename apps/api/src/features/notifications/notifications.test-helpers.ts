import type { TestContext } from '../../../test/test-app.ts';
import { NotificationsService } from './notifications.service.ts';

/** The session messages job's work, run once now (or at `now`), over the real mailer and SMS sender. */
export function sendDueSessionMessages(ctx: TestContext, now = new Date()) {
  return new NotificationsService({
    db: ctx.database.db,
    env: ctx.env,
    mailer: ctx.app.mailer,
    sms: ctx.app.sms,
    log: ctx.app.log,
  }).dispatchDue(now);
}
