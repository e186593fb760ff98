import { lazy, Suspense } from 'react';
import { AdvisorProfilePage as CatalogueProfilePage } from '../../features/catalogue/pages/advisor-profile-page.tsx';
import { useSession } from '../../lib/session.ts';

/** The waitlist card's code loads only for a signed-in mentee. */
const NotifyMe = lazy(async () => ({
  default: (await import('../../features/waitlists/components/notify-me.tsx')).NotifyMe,
}));

/**
 * /advisors/{advisorId}: the catalogue's mentor page with a mentee's waitlist card under its booking button
 * (issue 24). Composed here, since features never import each other.
 */
export function AdvisorProfilePage() {
  const session = useSession();
  const aside =
    session.user?.role === 'ADVISEE' ? (
      <Suspense fallback={null}>
        <NotifyMe />
      </Suspense>
    ) : null;
  return <CatalogueProfilePage aside={aside} />;
}
