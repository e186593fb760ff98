import { Button, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <Container size="sm" py="xl" ta="center">
      <Title order={1}>Page Not Found</Title>
      <Text c="dimmed" my="md">
        The page you are looking for does not exist or has moved.
      </Text>
      <Button component={Link} to="/">
        Go home
      </Button>
    </Container>
  );
}
