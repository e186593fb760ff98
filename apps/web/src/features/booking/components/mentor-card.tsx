import { Avatar, Badge, Blockquote, Card, Group, Spoiler, Stack, Text, Title } from '@mantine/core';
import type { AdvisorDetails } from '@myprosper/contract/catalogue';

/** The mentor being booked: photo, name, favourite quote, industry, occupation and biography. */
export function MentorCard({ advisor }: { advisor: AdvisorDetails }) {
  const picture = advisor.profilePicUrl ?? advisor.advisorDetails.profilePicUrl;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={`About ${advisor.name}`}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar
            src={picture}
            alt={`Photo of ${advisor.name}`}
            name={advisor.name}
            color="initials"
            size={80}
            radius={80}
            imageProps={{ width: 80, height: 80 }}
          />
          <Stack gap={4} miw={0}>
            <Title order={2} size="h3" lh={1.2}>
              {advisor.name}
            </Title>
            {advisor.occupation && <Text>{advisor.occupation}</Text>}
            {advisor.industry && (
              <Badge variant="light" style={{ alignSelf: 'flex-start' }}>
                {advisor.industry.name}
              </Badge>
            )}
          </Stack>
        </Group>
        {advisor.favouriteQuote && (
          <Blockquote color="teal" p="sm" radius="md" iconSize={0}>
            <Text fs="italic">“{advisor.favouriteQuote}”</Text>
          </Blockquote>
        )}
        {advisor.biography && (
          <Spoiler maxHeight={132} showLabel="Show more" hideLabel="Show less">
            <Text style={{ whiteSpace: 'pre-line' }}>{advisor.biography}</Text>
          </Spoiler>
        )}
      </Stack>
    </Card>
  );
}
