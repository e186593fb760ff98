import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { publicPages } from './first-page.ts';
import { AdminOnly, AdvisorOnly, AnonymousOnly, NonAdvisorOnly, RequireAuth } from './guards.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { NotFound } from './not-found.ts';
import { type PageComponent, page } from './page.ts';

/** The route table of spec 2.1: every route matched exactly, each behind its guard. */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    children: [
      // Open to everyone. The pages a visit usually starts on come from first-page.ts, which boot.ts uses to
      // start them on arrival.
      { path: '/', Component: page(publicPages.home, 'HomePage') },
      {
        path: '/about',
        Component: page(() => import('../features/catalogue/pages/about-page.tsx'), 'AboutPage'),
      },
      {
        path: '/advisors',
        Component: page(publicPages.mentors, 'AdvisorsPage'),
      },
      {
        path: '/advisors/:advisorId',
        Component: page(publicPages.mentor, 'AdvisorProfilePage'),
      },
      {
        path: '/topics',
        Component: page(publicPages.programs, 'ProgramsPage'),
      },
      {
        path: '/topics/:topicId',
        Component: page(publicPages.program, 'ProgramDetailsPage'),
      },
      {
        path: '/what_you_get',
        Component: page(() => import('../features/catalogue/pages/what-you-get-page.tsx'), 'WhatYouGetPage'),
      },
      {
        path: '/testimonials',
        Component: page(
          () => import('../features/catalogue/pages/testimonials-page.tsx'),
          'TestimonialsPage',
        ),
      },
      {
        path: '/invitation/:sessionId/:phoneNo',
        Component: page(() => import('../features/invitations/pages/invitation-page.tsx'), 'InvitationPage'),
      },
      // The e-mailed link works signed in or not (often opened on another device).
      {
        path: '/verify-email/:token',
        Component: page(() => import('../features/auth/pages/verify-email-page.tsx'), 'VerifyEmailPage'),
      },

      // Only for visitors who are not signed in.
      {
        Component: AnonymousOnly,
        children: [
          {
            path: '/new_advisor',
            Component: page(
              () => import('../features/advisor-application/pages/new-advisor-page.tsx'),
              'NewAdvisorPage',
            ),
          },
          {
            path: '/signup',
            Component: page(() => import('../features/auth/pages/signup-page.tsx'), 'SignupPage'),
          },
          {
            path: '/signup/advisor',
            Component: page(() => import('../features/auth/pages/signup-page.tsx'), 'SignupPage'),
          },
          {
            path: '/signup/:sessionId/:phoneNo',
            Component: page(() => import('../features/auth/pages/signup-page.tsx'), 'SignupPage'),
          },
          {
            path: '/profile_picker',
            Component: page(
              () => import('../features/auth/pages/profile-picker-page.tsx'),
              'ProfilePickerPage',
            ),
          },
          {
            path: '/login',
            Component: page(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage'),
          },
          {
            path: '/auth/password/forgot',
            Component: page(
              () => import('../features/auth/pages/forgot-password-page.tsx'),
              'ForgotPasswordPage',
            ),
          },
          {
            path: '/resetPassword/:email/:userId/:timestamp',
            Component: page(
              () => import('../features/auth/pages/reset-password-page.tsx'),
              'ResetPasswordPage',
            ),
          },
        ],
      },

      // Require sign-in.
      {
        Component: RequireAuth,
        children: [
          {
            path: '/advisors/book/:advisorId',
            Component: page(
              () => import('../features/booking/pages/book-session-page.tsx'),
              'BookSessionPage',
            ),
          },
          {
            path: '/sessions',
            Component: page(() => import('../features/sessions/pages/sessions-page.tsx'), 'SessionsPage'),
          },
          {
            path: '/sessions/:sessionId',
            Component: page(
              () => import('../features/sessions/pages/session-details-page.tsx'),
              'SessionDetailsPage',
            ),
          },
          {
            path: '/sessions/reschedule/:sessionId/:advisorId',
            Component: page(
              () => import('../features/booking/pages/reschedule-session-page.tsx'),
              'RescheduleSessionPage',
            ),
          },
          {
            path: '/sessions/call/:sessionId',
            Component: page(() => import('../features/calls/pages/call-page.tsx'), 'CallPage'),
          },
          {
            path: '/sessions/group/call/:sessionId',
            Component: page(() => import('../features/calls/pages/call-page.tsx'), 'GroupCallPage'),
          },
          {
            path: '/profile',
            Component: page(() => import('../features/profiles/pages/profile-page.tsx'), 'ProfilePage'),
          },
          // Linked from the profile, like its other pages.
          {
            path: '/invite',
            Component: page(() => import('../features/profiles/pages/invite-page.tsx'), 'InvitePage'),
          },
          {
            path: '/help',
            Component: page(() => import('../features/profiles/pages/help-page.tsx'), 'HelpPage'),
          },
          {
            path: '/profile/password/reset',
            Component: page(
              () => import('../features/auth/pages/change-password-page.tsx'),
              'ChangePasswordPage',
            ),
          },
          {
            path: '/profile/phone/verify',
            Component: page(() => import('../features/auth/pages/verify-phone-page.tsx'), 'VerifyPhonePage'),
          },
          {
            path: '/profile/devices',
            Component: page(
              () => import('../features/auth/pages/signed-in-devices-page.tsx'),
              'SignedInDevicesPage',
            ),
          },
          {
            path: '/profile/security',
            Component: page(() => import('../features/auth/pages/two-step-page.tsx'), 'TwoStepPage'),
          },
          {
            path: '/wallet',
            Component: page(() => import('../features/wallet/pages/wallet-page.tsx'), 'WalletPage'),
          },
          {
            path: '/buyVoucher',
            Component: page(
              () => import('../features/vouchers/pages/buy-voucher-page.tsx'),
              'BuyVoucherPage',
            ),
          },
          {
            Component: AdvisorOnly,
            children: [
              {
                path: '/profile/advisor/time',
                Component: page(
                  () => import('../features/profiles/pages/advisor-time-page.tsx'),
                  'AdvisorTimePage',
                ),
              },
              {
                path: '/profile/advisor/edit',
                Component: page(
                  () => import('../features/profiles/pages/advisor-edit-page.tsx'),
                  'AdvisorEditPage',
                ),
              },
              {
                path: '/payment/preference',
                Component: page(
                  () => import('../features/profiles/pages/payment-preference-page.tsx'),
                  'PaymentPreferencePage',
                ),
              },
            ],
          },
          {
            Component: AdminOnly,
            children: [
              {
                // The admin console: its route table (admin-routes.tsx), layout and pages load only when an admin
                // opens /admin.
                path: '/admin/*',
                Component: page(() => import('./admin-routes.tsx'), 'AdminRoutes'),
              },
            ],
          },
          {
            Component: NonAdvisorOnly,
            children: [
              {
                path: '/profile/advisee/edit',
                Component: page(
                  () => import('../features/profiles/pages/advisee-edit-page.tsx'),
                  'AdviseeEditPage',
                ),
              },
              {
                path: '/selfAssessment',
                Component: page(
                  () => import('../features/assessment/pages/self-assessment-page.tsx'),
                  'SelfAssessmentPage',
                ),
              },
            ],
          },
        ],
      },

      { path: '*', Component: NotFound },
    ],
  },
];

/** Every route matched as written: /ABOUT is not /about (React Router ignores case unless told). */
const caseSensitive = (table: RouteObject[]): RouteObject[] =>
  table.map((route) => ({
    ...route,
    caseSensitive: true,
    children: route.children && caseSensitive(route.children),
  })) as RouteObject[];

const exactRoutes = caseSensitive(routes);

/** Page Not Found inside the layout: for an address with a trailing slash (spec 2.1: /about/ is not /about). */
const notFoundRoutes: RouteObject[] = [
  { Component: AppLayout, children: [{ path: '*', Component: NotFound }] },
];

/**
 * The routes, in the declarative mode of React Router (inside <BrowserRouter>): the data router's loaders and
 * actions are not used, and leaving them out keeps about 18 kB (gzip) off every first page.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const matched = useRoutes(exactRoutes);
  // A second table rather than useRoutes' location argument, whose code would join every first page.
  const notFound = useRoutes(notFoundRoutes);
  return pathname.length > 1 && pathname.endsWith('/') ? notFound : matched;
}

/** Starts fetching the code of the page at this address at once, before the app has rendered (the first page). */
export function preloadPage(pathname: string): void {
  for (const { route } of matchRoutes(exactRoutes, pathname) ?? []) {
    const component = route.Component as Partial<PageComponent> | null | undefined;
    void component?.preload?.();
  }
}
