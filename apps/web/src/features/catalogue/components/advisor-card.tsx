import { Badge, Button, Card, Text, Title } from '@mantine/core';
import type { AdvisorSummary } from '@myprosper/contract/catalogue';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import classes from './advisor-card.module.css';
import { AdvisorPhoto } from './advisor-photo.tsx';
import { AdvisorRating } from './advisor-rating.tsx';

/**
 * A mentor: picture, name, occupation, industry, rating, and a link to the profile
 * ('View Profile' on the mentor list, 'ASK MENTOR' on a program). Side by side on phones, stacked above.
 */
export function AdvisorCard({
  advisor,
  actionLabel = 'View Profile',
  eager = false,
  headingOrder = 3,
}: {
  advisor: AdvisorSummary;
  actionLabel?: string;
  eager?: boolean;
  /** 2 where the cards sit right under the page's h1 (the mentor list), 3 under a section's h2. */
  headingOrder?: 2 | 3;
}) {
  return (
    <Card withBorder padding="lg" radius="md" h="100%">
      <div className={classes.body}>
        <div className={classes.photo}>
          <AdvisorPhoto src={advisor.profilePicUrl} name={advisor.name} size={88} eager={eager} />
        </div>
        <div className={classes.details}>
          <Title order={headingOrder} size="h4" lh={1.3}>
            {advisor.name}
          </Title>
          {advisor.occupation && (
            <Text size="sm" lineClamp={2}>
              {advisor.occupation}
            </Text>
          )}
          {advisor.industry && (
            <Badge variant="light" size="sm" className={classes.industry}>
              {advisor.industry.name}
            </Badge>
          )}
          <AdvisorRating rating={advisor.rating} size="xs" />
        </div>
      </div>
      <Button
        component={Link}
        to={paths.advisor(advisor.id)}
        variant="light"
        fullWidth
        mt="md"
        classNames={{ root: classes.action, label: classes.actionLabel }}
        aria-label={`${actionLabel}: ${advisor.name}`}
      >
        {actionLabel}
      </Button>
    </Card>
  );
}
