import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/**
 * The toasts of spec 8: top-right, closing after 5 seconds. Their container (and its transitions) loads with
 * the first toast; a toast raised before that waits in the store and shows as soon as it is there.
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && notifications.length + queue.length > 0) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={5000} zIndex={1000} />
    </Suspense>
  );
}
