import { Avatar } from '@mantine/core';

/** A mentor's round picture with its size declared (lazy unless `eager`); their initials when there is none. */
export function AdvisorPhoto({
  src,
  name,
  size,
  eager = false,
}: {
  src: string | null;
  name: string;
  size: number;
  eager?: boolean;
}) {
  return (
    <Avatar
      src={src}
      alt={`Photo of ${name}`}
      name={name}
      // One colour with readable initials (the per-name palette has shades below 4.5:1 on their tint).
      color="brand"
      size={size}
      radius={size}
      imageProps={{ width: size, height: size, loading: eager ? 'eager' : 'lazy', decoding: 'async' }}
    />
  );
}
