import { Avatar } from '@mantine/core';

/** The person's photo, or their initials while they have none. */
export function ProfileAvatar({
  name,
  photoUrl,
  size = 96,
}: {
  name: string;
  photoUrl: string | null;
  size?: number;
}) {
  return (
    <Avatar
      src={photoUrl}
      alt={photoUrl ? `Profile photo of ${name}` : undefined}
      name={name}
      color="initials"
      size={size}
      radius={size}
      styles={{
        root: { border: '3px solid var(--mantine-color-white)', boxShadow: 'var(--mantine-shadow-sm)' },
      }}
    />
  );
}
