import { Button, FileButton, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { acceptedVideoTypes, chosenVideoProblem, keptVideoExtensions } from '@myprosper/contract/uploads';
import { useId, useRef } from 'react';
import { formatBytes } from '../lib/application-form.ts';

const accept = [...acceptedVideoTypes, ...keptVideoExtensions.map((extension) => `.${extension}`)].join(',');

/**
 * The introduction video: chosen here and checked at once by its name, type and size (what the server would
 * refuse is said before any upload), again by Next, and by the server by its content.
 */
export function VideoField({
  video,
  onChange,
  error,
}: {
  video: File | null;
  onChange: (video: File | null) => void;
  /** The form already shows this field's error (one error at a time): the field only outlines itself. */
  error: boolean;
}) {
  const resetRef = useRef<() => void>(null);
  const id = useId();
  return (
    <Input.Wrapper
      label="Introduction video"
      labelElement="div"
      id={id}
      description="A short video introducing yourself (MP4, WebM or MOV, up to 200 MB)"
      required
    >
      <Paper
        withBorder
        p="sm"
        mt={6}
        role="group"
        aria-labelledby={`${id}-label`}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <Group justify="space-between" gap="sm">
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            {video ? (
              <>
                <Text fw={600} truncate="end">
                  {video.name}
                </Text>
                <Text fz="sm" c="dimmed">
                  {formatBytes(video.size)}
                </Text>
              </>
            ) : (
              <Text c="dimmed">No video chosen</Text>
            )}
            {video && !error && chosenVideoProblem(video) && (
              <Text fz="sm" c="red.8" role="alert">
                {chosenVideoProblem(video)}
              </Text>
            )}
          </Stack>
          <FileButton
            onChange={(file) => {
              resetRef.current?.();
              if (file) onChange(file);
            }}
            accept={accept}
            resetRef={resetRef}
          >
            {(props) => (
              <Button variant="light" {...props}>
                {video ? 'Change video' : 'Choose video'}
              </Button>
            )}
          </FileButton>
        </Group>
      </Paper>
    </Input.Wrapper>
  );
}
