import { paths } from '../../../config/paths.ts';

/** The admin console's side menu, in order. */
export const adminMenu = [
  { to: paths.admin, label: 'Dashboard', end: true },
  { to: paths.adminSearch, label: 'Search' },
  { to: paths.adminApplications, label: 'Applications' },
  { to: paths.adminMentors, label: 'Mentors' },
  { to: paths.adminAdvisees, label: 'Advisees' },
  { to: paths.adminPrograms, label: 'Programs' },
  { to: paths.adminPricing, label: 'Pricing' },
  { to: paths.adminFaqs, label: 'FAQs' },
  { to: paths.adminTestimonials, label: 'Testimonials' },
  { to: paths.adminSessions, label: 'Sessions' },
  { to: paths.adminPayments, label: 'Payments' },
  { to: paths.adminVouchers, label: 'Vouchers' },
  { to: paths.adminPayouts, label: 'Payouts' },
  // Not in config/paths.ts: that object is in the shell every first page loads, and only the console needs it.
  { to: '/admin/disputes', label: 'Disputes' },
  { to: paths.adminReconciliation, label: 'Reconciliation' },
  { to: paths.adminInsights, label: 'Insights' },
  { to: paths.adminAudit, label: 'Audit log' },
  { to: paths.adminRecoveries, label: 'Two-step recoveries' },
] as const;
