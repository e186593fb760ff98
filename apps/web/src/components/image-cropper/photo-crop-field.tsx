import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { acceptedImageTypes, uploadMessages } from '@myprosper/contract/uploads';
import { useEffect, useId, useRef, useState } from 'react';
import type { CroppedImage } from './crop-image.ts';
import { ImageCropper } from './image-cropper.tsx';

export interface PhotoCropFieldProps {
  label: string;
  description?: string;
  /** The photo shown now: the current one, or the last cropped one (the caller owns it). */
  previewUrl: string | null;
  /**
   * Done was pressed: the cropped square as a JPEG file. When it returns a promise (an upload), the cropper
   * stays open and busy until it settles, and stays open if it fails.
   */
  onCropped: (image: CroppedImage) => void | Promise<void>;
  /** True from the moment an image is chosen until Done or Cancel: 'Please finish cropping profile image'. */
  onCroppingChange?: (isCropping: boolean) => void;
  /** Marks the field in red (the form shows the message). */
  error?: boolean;
  disabled?: boolean;
}

/** Spec: choose an image, crop it (aspect 1:1, cropper 400 px high), Done. */
export function PhotoCropField({
  label,
  description,
  previewUrl,
  onCropped,
  onCroppingChange,
  error = false,
  disabled = false,
}: PhotoCropFieldProps) {
  const [chosenUrl, setChosenUrl] = useState<string | null>(null);
  const [typeError, setTypeError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const resetRef = useRef<() => void>(null);
  const fieldId = useId();

  useEffect(() => () => void (chosenUrl && URL.revokeObjectURL(chosenUrl)), [chosenUrl]);

  function choose(file: File | null): void {
    resetRef.current?.();
    if (!file) return;
    if (!(acceptedImageTypes as readonly string[]).includes(file.type)) {
      setTypeError(uploadMessages.notImage);
      return;
    }
    setTypeError(null);
    setChosenUrl(URL.createObjectURL(file));
    onCroppingChange?.(true);
  }

  function close(): void {
    setChosenUrl(null);
    onCroppingChange?.(false);
  }

  async function done(image: CroppedImage): Promise<void> {
    setIsSaving(true);
    try {
      await onCropped(image);
      close();
    } catch {
      // The caller said why (a toast); the cropper stays open to try again.
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      id={fieldId}
      description={description}
      error={typeError ?? error}
      data-field="profilePic"
    >
      <Stack gap="sm" mt={6} role="group" aria-labelledby={`${fieldId}-label`}>
        {chosenUrl ? (
          <ImageCropper
            imageUrl={chosenUrl}
            aspect={1}
            height={400}
            onDone={(image) => void done(image)}
            onCancel={close}
            isBusy={isSaving}
          />
        ) : (
          <Group gap="md" wrap="nowrap">
            <Avatar
              src={previewUrl}
              size={96}
              radius={96}
              alt={previewUrl ? 'Profile photo' : ''}
              style={error ? { outline: '2px solid var(--mantine-color-error)' } : undefined}
            />
            <Stack gap={4}>
              <FileButton
                onChange={choose}
                accept={acceptedImageTypes.join(',')}
                resetRef={resetRef}
                disabled={disabled}
              >
                {(props) => (
                  <Button variant="light" {...props}>
                    {previewUrl ? 'Change photo' : 'Choose image'}
                  </Button>
                )}
              </FileButton>
              <Text fz="xs" c="dimmed">
                JPEG, PNG or WebP; you will crop it to a square
              </Text>
            </Stack>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
