import { adminMessages, type MentorApplication } from '@myprosper/contract/admin';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../providers/mail.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { type ApplicationStatus, ApplicationsRepository } from './applications.repository.ts';
import { AuditLogRepository } from './audit-log.repository.ts';

export interface ApplicationsServiceDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** An admin's review of mentor applications: approve (the mentor can sign in and is listed) or reject. */
export class ApplicationsService {
  constructor(private readonly deps: ApplicationsServiceDeps) {}

  async listPending(): Promise<MentorApplication[]> {
    const repository = new ApplicationsRepository(this.deps.db);
    const rows = await repository.listPending();
    const ids = rows.map((row) => row.id);
    const [topics, earlier] = await Promise.all([
      repository.listTopicsOf(ids),
      repository.listEarlierApplicationsOf(ids),
    ]);
    return rows.map(
      ({ industryId, industryName, createdAt, videoUrl, termsVersion, termsAcceptedAt, ...row }) => ({
        ...row,
        industry: industryId === null ? null : { id: industryId, name: industryName ?? '' },
        videoURL: videoUrl,
        topics: topics
          .filter((topic) => topic.advisorId === row.id)
          .map(({ id, name, tagLine }) => ({ id, name, tagLine })),
        appliedAt: createdAt.toISOString(),
        terms:
          termsVersion && termsAcceptedAt
            ? { version: termsVersion, acceptedAt: termsAcceptedAt.toISOString() }
            : null,
        previousApplications: earlier
          .filter((application) => application.applicantId === row.id)
          .map(({ applicantId: _id, submittedAt, reviewedAt, ...application }) => ({
            ...application,
            submittedAt: submittedAt.toISOString(),
            reviewedAt: reviewedAt?.toISOString() ?? null,
          })),
      }),
    );
  }

  async approve(admin: CurrentUser, applicantId: number): Promise<void> {
    const applicant = await this.review(admin, applicantId, 'ACTIVE', null);
    await this.send(applicant.email, 'Welcome to MyProsper: your mentor application is approved', [
      `Hello ${firstName(applicant.name)},`,
      '',
      'Good news: your application to mentor on MyProsper has been approved.',
      `You can now sign in at ${this.deps.publicUrl}/login, set your weekly availability and topics, and start receiving bookings.`,
    ]);
  }

  async reject(admin: CurrentUser, applicantId: number, reason: string): Promise<void> {
    const applicant = await this.review(admin, applicantId, 'REJECTED', reason);
    await this.send(applicant.email, 'Your MyProsper mentor application', [
      `Hello ${firstName(applicant.name)},`,
      '',
      'Thank you for applying to mentor on MyProsper. After reviewing your application we are unable to approve it at this time.',
      '',
      `Reason: ${reason}`,
    ]);
  }

  /** Changes the status of a pending application and writes the audit row, in one transaction. */
  private async review(
    admin: CurrentUser,
    applicantId: number,
    status: ApplicationStatus,
    reason: string | null,
  ) {
    return this.deps.db.transaction(async (tx) => {
      const repository = new ApplicationsRepository(tx);
      const applicant = await repository.lockApplicant(applicantId);
      if (!applicant) throw notFound(adminMessages.notFound);
      if (applicant.status !== 'PENDING_REVIEW')
        throw new AppError('CONFLICT', adminMessages.alreadyReviewed);
      // Only an address its owner confirmed becomes a mentor's (their files are kept only once it is).
      if (status === 'ACTIVE' && applicant.emailVerifiedAt === null)
        throw new AppError('CONFLICT', adminMessages.emailNotConfirmed);
      await repository.setReviewed(applicantId, status, reason, admin.id);
      await new AuditLogRepository(tx).record({
        actorId: admin.id,
        action: status === 'ACTIVE' ? 'APPROVE_APPLICATION' : 'REJECT_APPLICATION',
        entity: 'user',
        entityId: applicantId,
        before: { status: applicant.status },
        after: reason === null ? { status } : { status, rejectionReason: reason },
      });
      return applicant;
    });
  }

  private async send(to: string, subject: string, lines: string[]): Promise<void> {
    try {
      await this.deps.mailer.send({ to, subject, text: lines.join('\n') });
    } catch (error) {
      this.deps.log.error({ err: error, to }, 'could not send the application review e-mail');
    }
  }
}

function firstName(name: string): string {
  return name.split(' ')[0] ?? name;
}
