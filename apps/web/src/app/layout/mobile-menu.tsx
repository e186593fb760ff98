import { Drawer, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import classes from './layout.module.css';
import type { NavItem } from './nav-links.ts';

/**
 * The small-screen menu of spec 2.2, sliding in over 300 ms. Its code (Mantine's drawer, focus trap and scroll
 * lock) loads when the burger is first pressed, not with the first page.
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
  // Mounted closed, then opened: the first opening slides in like every later one.
  const [isShown, setIsShown] = useState(false);
  useEffect(() => setIsShown(opened), [opened]);

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
