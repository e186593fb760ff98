import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { advisorTerms, applicationMessages } from '@myprosper/contract/advisor-application';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { advisorProfiles, advisorTopics } from '../../db/schema/catalogue.ts';
import { advisorApplications, uploadedFiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import { createAdmin, createIndustry, createTopic } from '../../db/seed/factories.ts';
import { emailLinkTokenTo, login, openEmailLink, randomIp } from '../auth/auth.test-helpers.ts';
import { bearer, signIn, storedFiles } from '../profiles/profiles.test-helpers.ts';
import { applicationFields, applicationFiles, sendApplication } from './application.test-helpers.ts';

describe('mentor applications: terms accepted, and applying again after a rejection', () => {
  let ctx: TestContext;
  let uploadsDir: string;
  let industryId: number;
  let topicIds: number[];
  let adminToken: string;
  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'myprosper-reapply-'));
    ctx = await createTestApp({ UPLOADS_DIR: uploadsDir });
    industryId = (await createIndustry(ctx.database.db)).id;
    topicIds = [(await createTopic(ctx.database.db)).id, (await createTopic(ctx.database.db)).id];
    adminToken = await signIn(ctx.app, (await createAdmin(ctx.database.db)).email);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  const db = () => ctx.database.db;
  const pendingOf = async (id: number) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/myprosper/api/admin/applications',
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    return (res.json().data as Array<Record<string, unknown>>).find((item) => item.id === id);
  };
  const review = (id: number, decision: 'approve' | 'reject', reason?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/myprosper/api/admin/applications/${id}/${decision}`,
      headers: bearer(adminToken),
      ...(reason ? { payload: { reason } } : {}),
    });
  const applicationsOf = (id: number) =>
    db()
      .select()
      .from(advisorApplications)
      .where(eq(advisorApplications.applicantId, id))
      .orderBy(asc(advisorApplications.id));
  const userCount = async () => (await db().select({ n: count() }).from(users))[0]!.n;

  async function apply(fields: Record<string, string | string[]>) {
    const res = await sendApplication(ctx.app, fields, await applicationFiles());
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db()
      .select({ id: users.id, profilePicUrl: users.profilePicUrl, status: users.status })
      .from(users)
      .where(eq(users.email, String(fields.email)));
    return row!;
  }

  /** Sends an application that must be refused with `message`, leaving no new user, row or file. */
  async function expectRefused(fields: Record<string, string | string[]>, status: number, message: string) {
    const [usersBefore, filesBefore, rowsBefore] = [
      await userCount(),
      await storedFiles(uploadsDir),
      (await db().select({ n: count() }).from(advisorApplications))[0]!.n,
    ];
    const res = await sendApplication(ctx.app, fields, await applicationFiles());
    expect(res.json()).toMatchObject({ statusCode: status, message });
    expect(await userCount()).toBe(usersBefore);
    expect(await storedFiles(uploadsDir)).toEqual(filesBefore);
    expect((await db().select({ n: count() }).from(advisorApplications))[0]!.n).toBe(rowsBefore);
  }

  it('stores which terms were accepted and when, and shows them to the admin reviewing the application', async () => {
    const before = Date.now();
    const fields = applicationFields(industryId, [topicIds[0]!], { termsVersion: advisorTerms.version });
    const applicant = await apply(fields);
    const [application] = await applicationsOf(applicant.id);
    expect(application).toMatchObject({ status: 'PENDING_REVIEW', termsVersion: advisorTerms.version });
    expect(application!.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(application!.answers).toMatchObject({ email: fields.email, occupation: 'Finance Director' });
    expect(application!.answers).not.toHaveProperty('password');

    const listed = await pendingOf(applicant.id);
    expect(listed).toMatchObject({
      terms: { version: advisorTerms.version, acceptedAt: application!.termsAcceptedAt!.toISOString() },
      previousApplications: [],
    });
  });

  it('refuses terms other than those in force, creating nothing', async () => {
    const fields = applicationFields(industryId, [topicIds[0]!], { termsVersion: '2019-01' });
    await expectRefused(
      fields,
      422,
      'The terms have changed since you opened this form. Please read them and accept them again.',
    );
  });

  it('lets a rejected applicant apply again with their password, keeping the earlier application as history', async () => {
    const first = applicationFields(industryId, [topicIds[0]!]);
    const applicant = await apply(first);
    await openEmailLink(ctx.app, await emailLinkTokenTo(ctx.app, String(first.email)));
    const [firstVideo] = await db()
      .select({ videoUrl: advisorProfiles.videoUrl })
      .from(advisorProfiles)
      .where(eq(advisorProfiles.userId, applicant.id));
    expect((await review(applicant.id, 'reject', 'Please add a clearer video')).statusCode).toBe(200);
    const [rejected] = await db().select().from(users).where(eq(users.id, applicant.id));
    const passwordHash = rejected!.passwordHash;

    // The account's own password: the application goes back to review (the password stays as it is).
    const second = applicationFields(industryId, [topicIds[1]!], {
      email: String(first.email).toUpperCase(),
      phoneNumber: first.phoneNumber,
      name: 'Njeri Wanjiku Mwangi',
      occupation: 'Chief Finance Officer',
    });
    const again = await sendApplication(ctx.app, second, await applicationFiles());
    expect(again.json()).toEqual({ statusCode: 200, message: applicationMessages.submitted });

    // The same account, back in review with the new answers, topics, photo and video.
    const [user] = await db().select().from(users).where(eq(users.id, applicant.id));
    expect(user).toMatchObject({ status: 'PENDING_REVIEW', name: 'Njeri Wanjiku Mwangi', passwordHash });
    expect(user!.profilePicUrl).not.toBe(applicant.profilePicUrl);
    const topics = await db().select().from(advisorTopics).where(eq(advisorTopics.advisorId, applicant.id));
    expect(topics.map((topic) => topic.topicId)).toEqual([topicIds[1]]);
    const [profile] = await db()
      .select()
      .from(advisorProfiles)
      .where(eq(advisorProfiles.userId, applicant.id));
    expect(profile).toMatchObject({ rejectionReason: null, reviewedAt: null });

    // The rejected application's files are gone from storage and from the upload records.
    const stored = await storedFiles(uploadsDir);
    for (const url of [applicant.profilePicUrl!, firstVideo!.videoUrl!]) {
      const key = url.replace('/uploads/', '');
      expect(stored).not.toContain(key);
      expect(await db().select().from(uploadedFiles).where(eq(uploadedFiles.key, key))).toEqual([]);
    }

    // Both applications are kept; the admin sees the earlier one and its reason.
    const history = await applicationsOf(applicant.id);
    expect(history.map((row) => [row.status, row.rejectionReason])).toEqual([
      ['REJECTED', 'Please add a clearer video'],
      ['PENDING_REVIEW', null],
    ]);
    expect(history[0]!.answers).toMatchObject({ occupation: 'Finance Director' });
    const listed = await pendingOf(applicant.id);
    expect(listed).toMatchObject({
      occupation: 'Chief Finance Officer',
      appliedAt: history[1]!.submittedAt.toISOString(),
      previousApplications: [
        {
          status: 'REJECTED',
          rejectionReason: 'Please add a clearer video',
          submittedAt: history[0]!.submittedAt.toISOString(),
        },
      ],
    });

    // While it waits, a third application changes nothing; the address is told. Once approved, the
    // password signs in.
    await expectRefused({ ...second, phoneNumber: first.phoneNumber! }, 200, applicationMessages.checkEmail);
    expect((await review(applicant.id, 'approve')).statusCode).toBe(200);
    expect((await login(ctx.app, String(first.email), String(first.password), randomIp())).statusCode).toBe(
      200,
    );
    expect((await applicationsOf(applicant.id)).map((row) => row.status)).toEqual(['REJECTED', 'APPROVED']);
    await expectRefused(second, 200, applicationMessages.checkEmail);
  });
});
