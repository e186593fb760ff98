import { z } from 'zod';
import { adminPage, adminPageQuery, adminReason, adminSearchText } from './admin.ts';
import { adminSessionSummary, payoutMethodDetails } from './admin-money.ts';
import { industry } from './catalogue.ts';
import { envelope } from './common.ts';

/** The admin console's people screens: mentors and advisees, searched, viewed, suspended, reactivated. */

export const adminPeopleMessages = {
  userNotFound: 'This person was not found',
  suspended: 'Account suspended',
  reactivated: 'Account reactivated',
  alreadySuspended: 'This account is already suspended',
  notSuspended: 'Only a suspended account can be reactivated',
  notActive: 'Only an active account can be suspended',
} as const;

export const managedRoles = ['ADVISOR', 'ADVISEE'] as const;
export const managedRole = z.enum(managedRoles);
export type ManagedRole = z.infer<typeof managedRole>;

export const accountStatuses = ['ACTIVE', 'PENDING_REVIEW', 'REJECTED', 'SUSPENDED'] as const;
export const accountStatus = z.enum(accountStatuses);
export type AccountStatus = z.infer<typeof accountStatus>;

/** GET /myprosper/api/admin/users?role=ADVISOR&query=…&status=… */
export const adminUserQuery = adminPageQuery.extend({
  role: managedRole,
  /** Name, e-mail or phone. */
  query: adminSearchText,
  status: accountStatus.optional(),
});
export type AdminUserQuery = z.input<typeof adminUserQuery>;

export const adminUserSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  role: managedRole,
  status: accountStatus,
  profilePicUrl: z.string().nullable(),
  /** Sessions booked with them (mentors) or hosted or attended (advisees), cancelled ones included. */
  sessionCount: z.number().int(),
  /** ISO instant (UTC) */
  createdAt: z.string(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummary>;
export const adminUserPage = adminPage(adminUserSummary);
export type AdminUserPage = z.infer<typeof adminUserPage>;
export const adminUserPageResponse = envelope(adminUserPage);

export const adminUserDetails = adminUserSummary.extend({
  gender: z.string().nullable(),
  dob: z.string().nullable(),
  country: z.string().nullable(),
  occupation: z.string().nullable(),
  linkedInUrl: z.string().nullable(),
  industry: industry.nullable(),
  /** Mentors only (null for advisees). */
  mentor: z
    .object({
      biography: z.string(),
      favouriteQuote: z.string(),
      videoURL: z.string().nullable(),
      topics: z.array(z.object({ id: z.number().int(), name: z.string() })),
      rating: z.object({ average: z.number(), count: z.number().int() }).nullable(),
      payoutMethod: payoutMethodDetails.nullable(),
    })
    .nullable(),
  walletBalance: z.number().int(),
  /** Sessions still to come that hold their slot: to handle when the account is suspended. */
  upcomingSessions: z.array(adminSessionSummary),
  /** Why the account was last suspended, when it is. */
  suspension: z.object({ reason: z.string().nullable(), at: z.string() }).nullable(),
});
export type AdminUserDetails = z.infer<typeof adminUserDetails>;
export const adminUserDetailsResponse = envelope(adminUserDetails);

/** POST /myprosper/api/admin/users/{id}/suspend */
export const suspendUserRequest = z.object({ reason: adminReason });
export type SuspendUserRequest = z.input<typeof suspendUserRequest>;
export const suspendUserResponse = envelope(adminUserDetails);
