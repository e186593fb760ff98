import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { getReturnPath } from '../lib/return-path.ts';
import { useSession } from '../lib/session.ts';
import { NotFound } from './not-found.ts';

/** Where a guard sent the visitor from, for /login to return to. */
export interface GuardState {
  from?: string;
}

/**
 * Pages only for visitors who are not signed in (spec 2.1): a signed-in user goes to /, or, right after
 * signing in on one of these pages, to the page they were on before.
 */
export function AnonymousOnly() {
  const { isSignedIn } = useSession();
  const location = useLocation();
  const wasSignedInOnArrival = useRef(isSignedIn).current;
  if (!isSignedIn) return <Outlet />;
  if (wasSignedInOnArrival) return <Navigate to="/" replace />;
  const from = (location.state as GuardState | null)?.from;
  return <Navigate to={getReturnPath(from)} replace />;
}

/** Pages that need sign-in: visitors go to /login, and come back here after it. */
export function RequireAuth() {
  const { isSignedIn } = useSession();
  const location = useLocation();
  if (isSignedIn) return <Outlet />;
  const state: GuardState = { from: `${location.pathname}${location.search}` };
  return <Navigate to="/login" replace state={state} />;
}

/** Registered only for advisors (the role decision of spec 6): for anyone else the route does not exist. */
export function AdvisorOnly() {
  const { isAdvisor } = useSession();
  return isAdvisor ? <Outlet /> : <NotFound />;
}

/** Registered only for non-advisors: for an advisor the route does not exist. */
export function NonAdvisorOnly() {
  const { isAdvisor } = useSession();
  return isAdvisor ? <NotFound /> : <Outlet />;
}

/** The admin's pages (mentor application review): admins only, everyone else goes to /. */
export function AdminOnly() {
  const { user } = useSession();
  return user?.role === 'ADMIN' ? <Outlet /> : <Navigate to="/" replace />;
}
