import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminMessages } from '@myprosper/contract/admin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { users } from '../../db/schema/users.ts';
import {
  createAdmin,
  createAdvisee,
  createAdvisor,
  createIndustry,
  createTopic,
} from '../../db/seed/factories.ts';
import {
  applicationFields,
  applicationFiles,
  sendApplication,
} from '../advisor-application/application.test-helpers.ts';
import { emailLinkTokenTo, login, openEmailLink, randomIp, waitForMail } from '../auth/auth.test-helpers.ts';
import { bearer, signIn } from '../profiles/profiles.test-helpers.ts';
import { auditRowsOf } from './admin.test-helpers.ts';

describe('admin review of mentor applications', () => {
  let ctx: TestContext;
  let uploadsDir: string;
  let industryId: number;
  let topicId: number;
  let adminToken: string;
  let adminId: number;
  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'myprosper-admin-'));
    ctx = await createTestApp({ UPLOADS_DIR: uploadsDir });
    industryId = (await createIndustry(ctx.database.db)).id;
    topicId = (await createTopic(ctx.database.db)).id;
    const admin = await createAdmin(ctx.database.db);
    adminId = admin.id;
    adminToken = await signIn(ctx.app, admin.email);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  /** Applies as a new mentor; answers their e-mail, password and id. */
  async function apply() {
    const fields = applicationFields(industryId, [topicId]);
    const res = await sendApplication(ctx.app, fields, await applicationFiles());
    expect(res.statusCode).toBe(200);
    const email = fields.email as string;
    const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { email, password: fields.password as string, id: row!.id };
  }

  /** Applies and opens the link e-mailed to the applicant, as an applicant who can be approved does. */
  async function applyConfirmed() {
    const applicant = await apply();
    expect((await openEmailLink(ctx.app, await emailLinkTokenTo(ctx.app, applicant.email))).statusCode).toBe(
      200,
    );
    return applicant;
  }

  const list = (token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/myprosper/api/admin/applications',
      headers: token ? bearer(token) : {},
    });
  const approve = (id: number, token = adminToken) =>
    ctx.app.inject({
      method: 'POST',
      url: `/myprosper/api/admin/applications/${id}/approve`,
      headers: bearer(token),
    });
  const reject = (id: number, payload: Record<string, unknown>, token = adminToken) =>
    ctx.app.inject({
      method: 'POST',
      url: `/myprosper/api/admin/applications/${id}/reject`,
      headers: bearer(token),
      payload,
    });
  const auditOf = (id: number) =>
    ctx.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, id));
  const isListed = async (id: number) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/myprosper/api/getTopicAdvisors/0/ALL' });
    expect(res.statusCode).toBe(200);
    return (res.json().data as Array<{ id: number }>).some((advisor) => advisor.id === id);
  };

  it('lists pending applications with profile, video, answers and topics', async () => {
    const applicant = await apply();
    const res = await list(adminToken);
    expect(res.statusCode).toBe(200);
    const item = (res.json().data as Array<Record<string, unknown>>).find((a) => a.id === applicant.id);
    expect(item).toMatchObject({
      email: applicant.email,
      name: 'Njeri Mwangi',
      occupation: 'Finance Director',
      favouriteQuote: 'Small steps every day.',
      levelOfAdvisee: 'Mid-career',
      ratingForWorkingWithNewAdvisees: '5',
      industry: { id: industryId },
      topics: [{ id: topicId }],
    });
    expect(item!.videoURL).toMatch(/^\/uploads\/videos\//);
    expect(item!.profilePicUrl).toMatch(/^\/uploads\/images\//);
  });

  it('lets only admins see and review applications', async () => {
    const applicant = await apply();
    expect((await list()).statusCode).toBe(401);
    const mentor = await createAdvisor(ctx.database.db);
    const advisee = await createAdvisee(ctx.database.db);
    for (const person of [mentor, advisee]) {
      const token = await signIn(ctx.app, person.email);
      expect((await list(token)).statusCode).toBe(403);
      expect((await approve(applicant.id, token)).statusCode).toBe(403);
      expect((await reject(applicant.id, { reason: 'No' }, token)).statusCode).toBe(403);
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, applicant.id));
    expect(row!.status).toBe('PENDING_REVIEW');
  });

  it('approval lets the mentor sign in and lists them publicly, with an audit row and an e-mail', async () => {
    // Not before the applicant confirmed their e-mail address: nothing changes.
    const unconfirmed = await apply();
    const refused = await approve(unconfirmed.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(adminMessages.emailNotConfirmed);
    expect(await auditRowsOf(ctx, 'user', unconfirmed.id)).toEqual([]);

    const applicant = await applyConfirmed();
    expect((await login(ctx.app, applicant.email, applicant.password, randomIp())).statusCode).toBe(403);
    expect(await isListed(applicant.id)).toBe(false);

    const res = await approve(applicant.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, message: 'Application approved' });

    expect((await login(ctx.app, applicant.email, applicant.password, randomIp())).statusCode).toBe(200);
    expect(await isListed(applicant.id)).toBe(true);
    const pending = (await list(adminToken)).json().data as Array<{ id: number }>;
    expect(pending.some((a) => a.id === applicant.id)).toBe(false);
    expect(await auditOf(applicant.id)).toEqual([
      expect.objectContaining({
        actorId: adminId,
        action: 'APPROVE_APPLICATION',
        entity: 'user',
        before: { status: 'PENDING_REVIEW' },
        after: { status: 'ACTIVE' },
      }),
    ]);
    const mail = await waitForMail(ctx.app, applicant.email, 2);
    expect(mail.subject).toContain('approved');

    const again = await approve(applicant.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This application has already been reviewed');
  });

  it('rejection needs a reason, keeps the mentor out and e-mails the reason', async () => {
    const applicant = await apply();
    const missing = await reject(applicant.id, { reason: '  ' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('Please give a reason');

    const res = await reject(applicant.id, { reason: 'Please add more detail about your experience.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Application rejected');

    const signIn = await login(ctx.app, applicant.email, applicant.password, randomIp());
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toContain('was not approved');
    expect(await isListed(applicant.id)).toBe(false);
    const mail = await waitForMail(ctx.app, applicant.email, 2);
    expect(mail.body).toContain('Reason: Please add more detail about your experience.');
    expect(await auditOf(applicant.id)).toEqual([
      expect.objectContaining({
        action: 'REJECT_APPLICATION',
        after: { status: 'REJECTED', rejectionReason: 'Please add more detail about your experience.' },
      }),
    ]);
    expect((await approve(applicant.id)).statusCode).toBe(409);
  });

  it('answers 404 for someone who is not an applicant', async () => {
    const advisee = await createAdvisee(ctx.database.db);
    expect((await approve(advisee.id)).statusCode).toBe(404);
    expect((await approve(999_999)).json().message).toBe('This application was not found');
  });
});
