import { Box, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import plain from '../../components/plain.module.css';
import { useSession } from '../../lib/session.ts';
import classes from './layout.module.css';
import { getNavItems } from './nav-links.ts';
import { SearchButton } from './search-button.tsx';
import { useLogout } from './use-logout.ts';

/** The small-screen menu's code (fetched soon after the first page on a small screen). */
const loadMenu = () => import('./mobile-menu.tsx');
const MobileMenu = lazy(async () => ({ default: (await loadMenu()).MobileMenu }));

/** Spec 2.2: the links in a row from 768 px; below, a burger opens a menu sliding in over 300 ms. */
export function Navbar() {
  const { isSignedIn, isAdvisor, user } = useSession();
  const isAdmin = user?.role === 'ADMIN';
  const { logout, isLoggingOut } = useLogout();
  const [menuOpened, menu] = useDisclosure(false);
  const [menuWasOpened, setMenuWasOpened] = useState(false);
  const { pathname } = useLocation();

  // Following a link closes the menu. A page still on its way when the menu opened (the address already
  // changed, its code still loading) does not: the menu opened over it.
  const openedAt = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    if (pathname !== openedAt.current) menu.close();
  }, [pathname]);

  // On a small screen (below 768 px, where the burger shows) the menu's code comes once the first page has
  // painted, and the menu is mounted closed: the very first tap slides it in over 300 ms like later ones.
  useEffect(() => {
    if (matchMedia('(max-width: 47.99em)').matches)
      void loadMenu().then(
        () => setMenuWasOpened(true),
        () => undefined,
      );
  }, []);

  const barItems = getNavItems({ isSignedIn, isAdvisor, isAdmin, inMenu: false });
  const menuItems = getNavItems({ isSignedIn, isAdvisor, isAdmin, inMenu: true });

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl">
        <div className={classes.headerBar}>
          <BrandLogo />
          <nav aria-label="Main" className={classes.barNav}>
            {barItems.map((item) => (
              <NavLink key={item.to} to={item.to} end className={classes.navLink}>
                {item.label}
              </NavLink>
            ))}
            {isSignedIn && (
              <button
                type="button"
                className={classes.navLink}
                onClick={() => void logout()}
                disabled={isLoggingOut}
              >
                Logout
              </button>
            )}
          </nav>
          <Group gap="xs" wrap="nowrap" className={classes.headerTools}>
            <SearchButton />
            <button
              type="button"
              className={`${plain.iconButton} ${classes.burger}`}
              data-opened={menuOpened || undefined}
              onClick={() => {
                openedAt.current = window.location.pathname;
                setMenuWasOpened(true);
                menu.toggle();
              }}
              aria-label={menuOpened ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpened}
            >
              <span className={classes.burgerLines} aria-hidden="true" />
            </button>
          </Group>
        </div>
      </Container>

      {menuWasOpened && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={menuOpened}
            onClose={menu.close}
            items={menuItems}
            onLogout={isSignedIn ? () => void logout() : undefined}
            isLoggingOut={isLoggingOut}
          />
        </Suspense>
      )}
    </Box>
  );
}
