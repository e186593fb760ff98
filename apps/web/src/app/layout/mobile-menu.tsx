import { Drawer, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import classes from './layout.module.css';
import type { NavItem } from './nav-links.ts';

/**
 * The small-screen menu of spec 2.2, sliding in over 300 ms. Its code (Mantine's drawer, focus trap and scroll
 * lock) loads once the first page has painted on a small screen (or at the first press), not with it.
 */
export function MobileMenu({
  opened,
  onClose,
  items,
  onLogout,
  isLoggingOut,
}: {
  opened: boolean;
  onClose: () => void;
  items: NavItem[];
  /** Present when signed in. */
  onLogout?: () => void;
  isLoggingOut: boolean;
}) {
  // Mounted closed, then opened: the first opening slides in like every later one, also when the burger was
  // pressed before this code arrived. The drawer's portal mounts its content one render after the drawer, and
  // content mounted open does not slide: opening waits two frames, so the content is there, closed, first.
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    if (!opened) {
      setIsShown(false);
      return;
    }
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setIsShown(true));
    });
    return () => cancelAnimationFrame(frame);
  }, [opened]);

  return (
    <Drawer
      opened={isShown}
      onClose={onClose}
      position="right"
      size="min(320px, 85vw)"
      title="Menu"
      transitionProps={{ transition: 'slide-left', duration: 300, timingFunction: 'ease' }}
      hiddenFrom="sm"
      zIndex={250}
    >
      <Stack component="nav" aria-label="Menu" gap={4}>
        {items.map((item) => (
          <NavLink key={item.to} to={item.to} end className={classes.drawerLink} onClick={onClose}>
            {item.label}
          </NavLink>
        ))}
        {onLogout && (
          <button
            type="button"
            className={classes.drawerLink}
            onClick={() => {
              onClose();
              onLogout();
            }}
            disabled={isLoggingOut}
          >
            Logout
          </button>
        )}
      </Stack>
    </Drawer>
  );
}
