import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';

const steps = [
  {
    title: 'Choose a program',
    text: 'Browse programs on careers, money, business, relationships and wellbeing.',
  },
  { title: 'Pick your mentor', text: 'Read their story, watch their video and see the times they are free.' },
  {
    title: 'Book and pay',
    text: 'Choose a one hour slot, individual or group, and pay with M-PESA, card or voucher.',
  },
  { title: 'Meet on video', text: 'Join the call from your browser and leave with clear next steps.' },
] as const;

/** Four steps from curiosity to a conversation. */
export function HowItWorks() {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 4 }}
      spacing="lg"
      component="ol"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {steps.map((step, index) => (
        <Card component="li" key={step.title} withBorder padding="lg" radius="md">
          <ThemeIcon size={40} radius="xl" aria-hidden="true">
            <Text fw={700}>{index + 1}</Text>
          </ThemeIcon>
          <Title order={3} size="h4" mt="md">
            {step.title}
          </Title>
          <Text size="sm" c="dimmed" mt={6}>
            {step.text}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
