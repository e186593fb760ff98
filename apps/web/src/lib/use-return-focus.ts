import { useLayoutEffect } from 'react';

/**
 * Gives the focus back to what opened a dialog when it closes (or goes away). Mantine's own return only
 * remembers the opener when `opened` changes, so a dialog that is mounted already open (its code loaded on
 * first use, or given a fresh `key` each time) sent the focus to the top of the page.
 */
export function useReturnFocus(opened: boolean): void {
  useLayoutEffect(() => {
    if (!opened) return;
    // Before the dialog's portal and focus trap exist: the focus is still on the button that opened it.
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    return () => {
      if (!opener) return;
      // After the dialog has let go of the focus (its trap ends in the same commit).
      window.setTimeout(() => {
        if (opener.isConnected) opener.focus({ preventScroll: true });
      }, 0);
    };
  }, [opened]);
}
