import { Badge } from '@mantine/core';
import { formatCountdown } from '@myprosper/contract/calls';
import { useEffect, useState } from 'react';

/** Until the start ('Starts in 08:10'), the time left until the end ('Time left 54:10'), then until it closes. */
export function Countdown({
  startsAt,
  endsAt,
  closesAt,
  clockOffset,
}: {
  startsAt: string;
  endsAt: string;
  closesAt: string;
  clockOffset: number;
}) {
  const [now, setNow] = useState(() => Date.now() + clockOffset);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now() + clockOffset), 1000);
    return () => window.clearInterval(timer);
  }, [clockOffset]);
  const start = new Date(startsAt).getTime();
  const end = new Date(endsAt).getTime();
  const close = new Date(closesAt).getTime();
  const isOver = now >= end;
  const left = isOver ? close - now : end - now;
  const isLate = !isOver && left <= 5 * 60_000;
  return (
    <Badge
      size="lg"
      variant="light"
      color={isOver || isLate ? 'red' : 'gray'}
      role="timer"
      aria-live="off"
      data-testid="call-countdown"
    >
      {now < start
        ? `Starts in ${formatCountdown(start - now)}`
        : isOver
          ? `Closing in ${formatCountdown(left)}`
          : `Time left ${formatCountdown(left)}`}
    </Badge>
  );
}
