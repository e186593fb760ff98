import { Button, Group, Text } from '@mantine/core';
import type { AdvisorPage } from '@myprosper/contract/catalogue';

/** The mentors of the pages loaded so far, in order, and how many match in all. */
export function advisorsOfPages(pages: readonly AdvisorPage[]) {
  return { advisors: pages.flatMap((page) => page.advisors), total: pages[0]?.total ?? 0 };
}

interface MoreAdvisorsProps {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}

/**
 * Under a list of mentors: how many are shown of how many, and a button for the next page. A page at a time keeps
 * a phone's download small however large the marketplace grows; the person decides when to spend more.
 */
export function MoreAdvisors({ shown, total, hasMore, loading, onMore }: MoreAdvisorsProps) {
  if (!hasMore) return null;
  return (
    <Group justify="center" mt="xl" gap="md">
      <Text size="sm" c="dimmed">
        Showing {shown} of {total} mentors
      </Text>
      <Button variant="light" loading={loading} onClick={onMore}>
        Show more mentors
      </Button>
    </Group>
  );
}
