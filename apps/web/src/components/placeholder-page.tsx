import { Container, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** A screen whose feature has not been built yet; its route and guard are real. */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{title}</Title>
      <Text c="dimmed" mt="sm">
        This part of MyProsper is on its way.
      </Text>
    </Container>
  );
}
