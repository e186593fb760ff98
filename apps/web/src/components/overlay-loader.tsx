import { LoadingOverlay, VisuallyHidden } from '@mantine/core';

/**
 * Covers its nearest positioned parent (give the parent `pos="relative"`) while a call runs.
 * Announced to screen readers as busy.
 */
export function OverlayLoader({ visible }: { visible: boolean }) {
  return (
    <>
      <LoadingOverlay visible={visible} zIndex={150} overlayProps={{ blur: 1 }} aria-hidden="true" />
      {visible && <VisuallyHidden role="status">Loading…</VisuallyHidden>}
    </>
  );
}
