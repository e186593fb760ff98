import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from 'react-router';
import { adminPaths } from '../lib/admin-paths.ts';

/** A session's reference, linking to its admin page. */
export function SessionLink({
  session,
  fz,
  fw,
}: {
  session: { id: number; reference: string };
  fz?: AnchorProps['fz'];
  fw?: AnchorProps['fw'];
}) {
  return (
    <Anchor component={Link} to={adminPaths.adminSession(session.id)} fz={fz} fw={fw}>
      {session.reference}
    </Anchor>
  );
}

/** A mentor's or advisee's name, linking to their admin page. */
export function PersonLink({ person }: { person: { id: number; name: string } }) {
  return (
    <Anchor component={Link} to={adminPaths.adminUser(person.id)} fw={600}>
      {person.name}
    </Anchor>
  );
}
