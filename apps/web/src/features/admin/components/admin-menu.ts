import { paths } from '../../../config/paths.ts';
import { adminPaths } from '../lib/admin-paths.ts';

/** The admin console's side menu, in order. */
export const adminMenu = [
  { to: paths.admin, label: 'Dashboard', end: true },
  { to: adminPaths.adminSearch, label: 'Search' },
  { to: paths.adminApplications, label: 'Applications' },
  { to: adminPaths.adminMentors, label: 'Mentors' },
  { to: adminPaths.adminAdvisees, label: 'Advisees' },
  { to: adminPaths.adminPrograms, label: 'Programs' },
  { to: adminPaths.adminPricing, label: 'Pricing' },
  { to: adminPaths.adminFaqs, label: 'FAQs' },
  { to: adminPaths.adminTestimonials, label: 'Testimonials' },
  { to: adminPaths.adminSessions, label: 'Sessions' },
  { to: adminPaths.adminPayments, label: 'Payments' },
  { to: adminPaths.adminVouchers, label: 'Vouchers' },
  { to: adminPaths.adminPayouts, label: 'Payouts' },
  // Not in config/paths.ts: that object is in the shell every first page loads, and only the console needs it.
  { to: '/admin/disputes', label: 'Disputes' },
  { to: adminPaths.adminReconciliation, label: 'Reconciliation' },
  { to: adminPaths.adminInsights, label: 'Insights' },
  { to: adminPaths.adminAudit, label: 'Audit log' },
  { to: adminPaths.adminRecoveries, label: 'Two-step recoveries' },
] as const;
