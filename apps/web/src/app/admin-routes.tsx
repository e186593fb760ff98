import { type RouteObject, useRoutes } from 'react-router';
import { page } from './page.ts';

/** The admin console's pages under /admin, each loaded when first visited (the shell only knows /admin/*). */
const adminRoutes: RouteObject[] = [
  {
    Component: page(() => import('../features/admin/components/admin-layout.tsx'), 'AdminLayout'),
    children: [
      {
        index: true,
        Component: page(() => import('../features/admin/pages/dashboard-page.tsx'), 'DashboardPage'),
      },
      {
        path: 'applications',
        Component: page(() => import('../features/admin/pages/applications-page.tsx'), 'ApplicationsPage'),
      },
      {
        path: 'mentors',
        Component: page(() => import('../features/admin/pages/people-page.tsx'), 'MentorsPage'),
      },
      {
        path: 'advisees',
        Component: page(() => import('../features/admin/pages/people-page.tsx'), 'AdviseesPage'),
      },
      {
        path: 'users/:userId',
        Component: page(() => import('../features/admin/pages/person-page.tsx'), 'PersonPage'),
      },
      {
        path: 'programs',
        Component: page(() => import('../features/admin/pages/programs-page.tsx'), 'ProgramsPage'),
      },
      {
        path: 'pricing',
        Component: page(() => import('../features/admin/pages/pricing-page.tsx'), 'PricingPage'),
      },
      {
        path: 'faqs',
        Component: page(() => import('../features/admin/pages/faqs-page.tsx'), 'FaqsPage'),
      },
      {
        path: 'testimonials',
        Component: page(() => import('../features/admin/pages/testimonials-page.tsx'), 'TestimonialsPage'),
      },
      {
        path: 'sessions',
        Component: page(() => import('../features/admin/pages/sessions-page.tsx'), 'SessionsPage'),
      },
      {
        path: 'sessions/:sessionId',
        Component: page(() => import('../features/admin/pages/session-page.tsx'), 'SessionPage'),
      },
      {
        path: 'payments',
        Component: page(() => import('../features/admin/pages/payments-page.tsx'), 'PaymentsPage'),
      },
      {
        path: 'payments/:paymentId',
        Component: page(() => import('../features/admin/pages/payment-page.tsx'), 'PaymentPage'),
      },
      {
        path: 'vouchers',
        Component: page(() => import('../features/admin/pages/vouchers-page.tsx'), 'VouchersPage'),
      },
      {
        path: 'vouchers/:voucherId',
        Component: page(() => import('../features/admin/pages/voucher-page.tsx'), 'VoucherPage'),
      },
      {
        path: 'search',
        Component: page(() => import('../features/admin/pages/search-page.tsx'), 'SearchPage'),
      },
      {
        path: 'payouts',
        Component: page(() => import('../features/admin/pages/payouts-page.tsx'), 'PayoutsPage'),
      },
      {
        path: 'disputes',
        Component: page(() => import('../features/admin/pages/disputes-page.tsx'), 'DisputesPage'),
      },
      {
        path: 'reconciliation',
        Component: page(
          () => import('../features/admin/pages/reconciliation-page.tsx'),
          'ReconciliationPage',
        ),
      },
      {
        path: 'insights',
        Component: page(() => import('../features/admin/pages/insights-page.tsx'), 'InsightsPage'),
      },
      {
        path: 'audit',
        Component: page(() => import('../features/admin/pages/audit-page.tsx'), 'AuditPage'),
      },
      {
        path: 'recoveries',
        Component: page(
          () => import('../features/admin/pages/two-step-recoveries-page.tsx'),
          'TwoStepRecoveriesPage',
        ),
      },
    ],
  },
  // An unknown address under /admin is the app's not-found page, as anywhere else.
  { path: '*', Component: page(() => import('./pages/not-found-page.tsx'), 'NotFoundPage') },
];

/** /admin/*: the admin pages, inside the admin layout (behind AdminOnly in the app's routes). */
export function AdminRoutes() {
  return useRoutes(adminRoutes);
}
