import { Box, Button, Container, Grid, Group, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useViewerId } from '../hooks/use-viewer-id.ts';
import { CheckIcon } from './icons.tsx';

const highlights = [
  'One hour video sessions, individual or group',
  'Experienced Kenyan professionals across industries',
  'Pay with M-PESA, card, wallet or a gift voucher',
] as const;

/** The product's promise and the three ways in. */
export function HomeHero() {
  const headingId = useId();
  // Applying as a mentor is for visitors: a signed-in person has an account already. (The viewer's id, not
  // the session: this card is in the catalogue chunk, which must not take the shell's session module in.)
  const isSignedIn = useViewerId() !== 0;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      py={{ base: 48, md: 88 }}
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-teal-9) 0%, var(--mantine-color-teal-7) 55%, var(--mantine-color-cyan-7) 100%)',
        color: 'var(--mantine-color-white)',
      }}
    >
      <Container size="lg">
        <Grid gutter={{ base: 'xl', md: 48 }} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Title order={1} id={headingId} fz={{ base: 32, sm: 44 }} lh={1.15} c="white">
              Personalised, affordable advice on demand
            </Title>
            <Text size="lg" mt="md" maw={560} c="teal.0">
              MyProsper connects you to experienced professionals who help you grow your career, business and
              life, one conversation at a time.
            </Text>
            <Group mt="xl" gap="sm">
              <Button component={Link} to={paths.topics} size="md" color="white" c="teal.9">
                Programs
              </Button>
              <Button component={Link} to={paths.advisors} size="md" variant="outline" color="white">
                Find a mentor
              </Button>
              {!isSignedIn && (
                <Button component={Link} to={paths.newAdvisor} size="md" variant="subtle" color="white">
                  Become a Mentor
                </Button>
              )}
            </Group>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper p="lg" radius="lg" shadow="md" c="dark.7">
              <Text fw={700} c="teal.9" mb="sm">
                How MyProsper helps
              </Text>
              <List
                spacing="sm"
                icon={
                  <ThemeIcon size={22} radius="xl" variant="light">
                    <CheckIcon size={14} />
                  </ThemeIcon>
                }
              >
                {highlights.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
