import { Alert, Box, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import {
  acceptedVideoTypes,
  isVideoFileName,
  uploadMessages,
  videoMaxBytes,
} from '@myprosper/contract/uploads';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/notify.ts';
import { uploadFile } from '../api/upload-file.ts';

/**
 * The mentor's introduction video: the current one plays; choosing a file uploads it at once with a progress
 * bar, and the uploaded video becomes the profile's on Update (onUploaded hands its URL to the form).
 */
export function ProfileVideoEditor({
  videoUrl,
  isPendingSave,
  onUploaded,
}: {
  /** The video to play: the saved one, or the one just uploaded. */
  videoUrl: string | null;
  /** True while an uploaded video waits for Update. */
  isPendingSave: boolean;
  onUploaded: (url: string) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  async function choose(file: File | null): Promise<void> {
    resetRef.current?.();
    if (!file) return;
    if (!isVideoFileName(file.name)) {
      setError(messages.notVideoFile);
      return;
    }
    if (file.size > videoMaxBytes) {
      setError(uploadMessages.videoTooLarge);
      return;
    }
    setError(null);
    setProgress(0);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const uploaded = await uploadFile(file, 'VIDEO', {
        onProgress: setProgress,
        signal: controller.signal,
      });
      onUploaded(uploaded.url);
    } catch (failure) {
      if (!controller.signal.aborted) setError(errorMessage(failure));
    } finally {
      setProgress(null);
      abortRef.current = null;
    }
  }

  const isUploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <Stack gap="sm">
      <Text fw={600} component="h2" fz="md">
        Introduction video
      </Text>
      {videoUrl ? (
        <Box
          style={{
            aspectRatio: '16 / 9',
            background: 'var(--mantine-color-dark-7)',
            borderRadius: 'var(--mantine-radius-md)',
            overflow: 'hidden',
          }}
        >
          {/* biome-ignore lint/a11y/useMediaCaption: mentors' own introductions come without caption files */}
          <video
            key={videoUrl}
            controls
            preload="metadata"
            playsInline
            src={videoUrl}
            aria-label="Your introduction video"
            style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
          >
            <a href={videoUrl}>Download the video</a>
          </video>
        </Box>
      ) : (
        <Text c="dimmed" fz="sm">
          No video yet. A short introduction helps mentees choose you.
        </Text>
      )}
      {isUploading && (
        <Stack gap={4}>
          <Progress value={percent} size="lg" striped animated aria-label="Video upload progress" />
          <Group justify="space-between">
            <Text fz="sm" aria-live="polite">
              Uploading… {percent}%
            </Text>
            <Button variant="subtle" size="compact-sm" color="red" onClick={() => abortRef.current?.abort()}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
      {isPendingSave && !isUploading && (
        <Alert color="blue" variant="light" p="xs">
          Video uploaded. Press Update to make it your profile video.
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" p="xs" role="alert">
          {error}
        </Alert>
      )}
      <Group>
        <FileButton
          resetRef={resetRef}
          onChange={(file) => void choose(file)}
          accept={[...acceptedVideoTypes, 'video/*'].join(',')}
          disabled={isUploading}
        >
          {(props) => (
            <Button {...props} variant="light" disabled={isUploading}>
              {videoUrl ? 'Choose another video' : 'Choose a video'}
            </Button>
          )}
        </FileButton>
        <Text fz="xs" c="dimmed">
          MP4, WebM or MOV, up to 200 MB
        </Text>
      </Group>
    </Stack>
  );
}
