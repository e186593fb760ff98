import { Box, Button, Group, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { sessionMessages } from '@myprosper/contract/sessions';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useAddFeedback } from '../api/add-feedback.ts';

const starLabel = (value: number) => `${value} star${value === 1 ? '' : 's'}`;

/** 'Rate this session': 1 to 5 stars and an optional comment, sent once. */
export function RatingDialog({
  sessionId,
  opened,
  onClose,
  onRated,
}: {
  sessionId: number;
  opened: boolean;
  onClose: () => void;
  /** Rated now, or found to be rated already (409). */
  onRated: () => void;
}) {
  const addFeedback = useAddFeedback();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (rating < 1 || rating > 5) {
      setError(sessionMessages.ratingRange);
      return;
    }
    setError(null);
    try {
      const response = await addFeedback.mutateAsync({ sessionId, rating, comment: comment.trim() || null });
      notify.success(response.message || sessionMessages.feedbackThanks);
      onRated();
    } catch (failure) {
      notify.error(errorMessage(failure));
      if (failure instanceof ApiError && failure.statusCode === 409) onRated();
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Rate this session"
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Box component="fieldset" p={0} m={0} style={{ border: 0 }}>
            <Text component="legend" fw={500} fz="sm" mb={6} p={0}>
              How was your session?
            </Text>
            <Rating
              value={rating}
              onChange={(value) => {
                setRating(value);
                setError(null);
              }}
              size="xl"
              getSymbolLabel={starLabel}
              data-autofocus
            />
          </Box>
          <Textarea
            label="Comment (optional)"
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={1000}
          />
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={addFeedback.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={addFeedback.isPending}>
              Send rating
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
