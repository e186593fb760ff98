import { Group, Text } from '@mantine/core';
import { useId } from 'react';

const starSizes = { xs: 14, sm: 16, md: 20 } as const;
const star = 'M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95z';

/** Five stars, filled up to the average: a picture only (the number beside it is what is read out). */
function Stars({ value, size }: { value: number; size: number }) {
  const clipId = useId();
  const stars = [0, 1, 2, 3, 4].map((index) => (
    <path key={index} d={star} transform={`translate(${index * 24} 0)`} />
  ));
  return (
    <svg width={size * 5} height={size} viewBox="0 0 120 24" aria-hidden="true" focusable="false">
      <defs>
        <clipPath id={clipId}>
          <rect width={(value / 5) * 120} height="24" />
        </clipPath>
      </defs>
      <g fill="var(--mantine-color-gray-3)">{stars}</g>
      <g fill="var(--mantine-color-yellow-6)" clipPath={`url(#${clipId})`}>
        {stars}
      </g>
    </svg>
  );
}

/** A mentor's rating: stars for the eye, the number and review count for everyone. */
export function AdvisorRating({
  rating,
  size = 'sm',
}: {
  rating: { average: number; count: number };
  size?: 'xs' | 'sm' | 'md';
}) {
  if (rating.count === 0) {
    return (
      <Text size={size} c="dimmed">
        No reviews yet
      </Text>
    );
  }
  const average = Math.round(rating.average * 10) / 10;
  return (
    <Group gap={6} wrap="nowrap">
      <Stars value={average} size={starSizes[size]} />
      <Text size={size} c="dimmed">
        {average.toFixed(1)} ({rating.count} {rating.count === 1 ? 'review' : 'reviews'})
      </Text>
    </Group>
  );
}
