import { z } from 'zod';
import { industry, topicRef } from './catalogue.ts';
import { envelope, messageOnly } from './common.ts';
import { messages } from './messages.ts';

/** The admin's review of mentor applications (/admin/applications). */

/** A pending application: the applicant, their files and their answers. */
export const mentorApplication = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  dob: z.string().nullable(),
  gender: z.string().nullable(),
  country: z.string().nullable(),
  linkedInUrl: z.string().nullable(),
  occupation: z.string().nullable(),
  industry: industry.nullable(),
  profilePicUrl: z.string().nullable(),
  videoURL: z.string().nullable(),
  favouriteQuote: z.string(),
  biography: z.string(),
  yrsOfProfessionalWorkExperience: z.string().nullable(),
  sizeOfOrganization: z.string().nullable(),
  levelOfAdvisee: z.string().nullable(),
  ratingForWorkingWithNewAdvisees: z.string().nullable(),
  source: z.string().nullable(),
  topics: z.array(topicRef),
  /** ISO instant (UTC) */
  appliedAt: z.string(),
  /** The mentor terms accepted with this application: their version and when (ISO); null when not recorded. */
  terms: z.object({ version: z.string(), acceptedAt: z.string() }).nullable(),
  /** This person's earlier applications, newest first (a rejected applicant may apply again). */
  previousApplications: z.array(
    z.object({
      /** ISO instants (UTC) */
      submittedAt: z.string(),
      reviewedAt: z.string().nullable(),
      status: z.enum(['PENDING_REVIEW', 'APPROVED', 'REJECTED']),
      rejectionReason: z.string().nullable(),
    }),
  ),
});
export type MentorApplication = z.infer<typeof mentorApplication>;

/** GET /myprosper/api/admin/applications — pending applications, oldest first. */
export const mentorApplicationsResponse = envelope(z.array(mentorApplication));

export const rejectionReasonMaxLength = 1000;

export const adminMessages = {
  approved: 'Application approved',
  rejected: 'Application rejected',
  notFound: 'This application was not found',
  alreadyReviewed: 'This application has already been reviewed',
  /** Approving an applicant who has not opened the link e-mailed to them (rejecting needs no such thing). */
  emailNotConfirmed: 'The applicant has not confirmed their e-mail address yet',
  reasonTooLong: `Please keep the reason under ${rejectionReasonMaxLength} characters`,
} as const;

/** POST /myprosper/api/admin/applications/{id}/reject */
export const rejectApplicationRequest = z
  .object({
    reason: z
      .string()
      .max(rejectionReasonMaxLength * 2)
      .optional(),
  })
  .superRefine((form, ctx) => {
    const reason = (form.reason ?? '').trim();
    if (reason === '') ctx.addIssue({ code: 'custom', message: messages.reasonRequired, path: ['reason'] });
    else if (reason.length > rejectionReasonMaxLength)
      ctx.addIssue({ code: 'custom', message: adminMessages.reasonTooLong, path: ['reason'] });
  })
  .transform((form) => ({ reason: (form.reason ?? '').trim() }));
export type RejectApplicationRequest = z.input<typeof rejectApplicationRequest>;
export const reviewApplicationResponse = messageOnly;

// ---- Shared by every admin screen ----

/** ?page=1&pageSize=25 of admin lists. */
export const adminPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminPageQuery = z.input<typeof adminPageQuery>;

/** One page of an admin list: the items, how many there are in all, and which page this is. */
export function adminPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** Free text typed into an admin search box (trimmed; empty means no filter). */
export const adminSearchText = z
  .string()
  .max(200)
  .optional()
  .transform((text) => text?.trim() || undefined);

/** yyyy-MM-dd, a date of the platform's time zone. */
export const adminDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please give a date as yyyy-MM-dd');

/** An optional reason an admin gives for an action (kept in the audit log; trimmed, at most 1000). */
export const adminReason = z
  .string()
  .max(rejectionReasonMaxLength, adminMessages.reasonTooLong)
  .optional()
  .transform((reason) => reason?.trim() || null);

/** A same-origin path of a file the app serves: '/media/intro.webm', '/uploads/images/x.webp'. */
export const localPathPattern = /^\/(?!\/)[A-Za-z0-9._~\-/%]+$/;

// ---- Audit log (GET /myprosper/api/admin/audit) ----

export const auditQuery = adminPageQuery.extend({
  entity: z.string().max(40).optional(),
  entityId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type AuditQuery = z.input<typeof auditQuery>;

/** One admin action: who, what on which entity, when, and the state before and after. */
export const auditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** ISO instant (UTC) */
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = adminPage(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;
export const auditResponse = envelope(auditPage);
