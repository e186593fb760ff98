/**
 * The console's addresses below /admin. Apart from config/paths.ts, which the shell every page loads holds:
 * only the console's own chunks need them (the shell keeps /admin and its first page for the menu link).
 */
export const adminPaths = {
  adminMentors: '/admin/mentors',
  adminAdvisees: '/admin/advisees',
  adminUser: (userId: number | string) => `/admin/users/${userId}`,
  adminPrograms: '/admin/programs',
  adminPricing: '/admin/pricing',
  adminFaqs: '/admin/faqs',
  adminTestimonials: '/admin/testimonials',
  adminSessions: '/admin/sessions',
  adminSession: (sessionId: number | string) => `/admin/sessions/${sessionId}`,
  adminPayments: '/admin/payments',
  adminPayment: (paymentId: number | string) => `/admin/payments/${paymentId}`,
  adminVouchers: '/admin/vouchers',
  adminVoucher: (voucherId: number | string) => `/admin/vouchers/${voucherId}`,
  adminSearch: '/admin/search',
  adminPayouts: '/admin/payouts',
  adminReconciliation: '/admin/reconciliation',
  adminInsights: '/admin/insights',
  adminAudit: '/admin/audit',
  adminRecoveries: '/admin/recoveries',
} as const;
