import { paths } from '../../config/paths.ts';

export interface NavItem {
  to: string;
  label: string;
}

/** The navigation links of spec 2.2 for the current auth state; `inMenu` adds the small-screen-only links. */
export function getNavItems({
  isSignedIn,
  isAdvisor,
  isAdmin = false,
  inMenu,
}: {
  isSignedIn: boolean;
  isAdvisor: boolean;
  /** Admins also get the review of mentor applications. */
  isAdmin?: boolean;
  inMenu: boolean;
}): NavItem[] {
  const items: NavItem[] = [
    { to: paths.home, label: 'Home' },
    { to: paths.whatYouGet, label: 'What you get' },
    { to: paths.topics, label: 'Programs' },
    { to: paths.advisors, label: 'Mentors' },
    { to: paths.testimonials, label: 'Testimonials' },
  ];
  if (isSignedIn) {
    items.push({ to: paths.sessions, label: 'Sessions' }, { to: paths.profile, label: 'Profile' });
    if (inMenu && !isAdvisor) items.push({ to: paths.selfAssessment, label: 'Self Assessment' });
    if (isAdmin) items.push({ to: paths.adminApplications, label: 'Admin' });
  }
  items.push({ to: paths.buyVoucher, label: 'Gift Voucher' });
  if (!isSignedIn) {
    items.push({ to: paths.profilePicker, label: 'Sign up' }, { to: paths.login, label: 'Login' });
  }
  return items;
}
