import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card every account page sits in, with its page heading. */
export function AuthCard({
  heading,
  intro,
  children,
}: {
  heading: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size={460} px="md" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', xs: 'xl' }}>
        <Title order={1} size="h2" mb={intro ? 'xs' : 'lg'}>
          {heading}
        </Title>
        {intro && (
          <Text c="dimmed" mb="lg">
            {intro}
          </Text>
        )}
        {children}
      </Paper>
    </Container>
  );
}
