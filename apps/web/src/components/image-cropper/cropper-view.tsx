import { Box, Button, Group, Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { type CroppedImage, cropImage } from './crop-image.ts';
import type { ImageCropperProps } from './cropper-props.ts';

/**
 * The cropper itself (react-easy-crop), loaded only when an image is chosen: drag to move, pinch, wheel or
 * the slider to zoom; Done draws the chosen square on a canvas.
 */
export function CropperView({
  imageUrl,
  aspect = 1,
  height = 400,
  onDone,
  onCancel,
  doneLabel = 'Done',
  isBusy = false,
}: ImageCropperProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [isCropping, setIsCropping] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function finish(): Promise<void> {
    if (!area) return;
    setIsCropping(true);
    setError(null);
    try {
      const result: CroppedImage = await cropImage(imageUrl, area);
      onDone(result);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The image could not be cropped');
    } finally {
      setIsCropping(false);
    }
  }

  return (
    <Stack gap="sm">
      <Box
        pos="relative"
        h={height}
        bg="dark.7"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', touchAction: 'none' }}
        data-testid="image-cropper"
      >
        <Cropper
          image={imageUrl}
          crop={crop}
          zoom={zoom}
          aspect={aspect}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
          showGrid
          objectFit="contain"
        />
      </Box>
      <Box px={4}>
        <Text fz="sm" fw={500} aria-hidden="true">
          Zoom
        </Text>
        <Slider
          value={zoom}
          onChange={setZoom}
          min={1}
          max={3}
          step={0.05}
          label={(value) => `${value.toFixed(1)}×`}
          thumbLabel="Zoom"
        />
      </Box>
      {error && (
        <Text c="red.9" fz="sm" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        {onCancel && (
          <Button variant="default" onClick={onCancel} disabled={isCropping || isBusy}>
            Cancel
          </Button>
        )}
        <Button onClick={() => void finish()} loading={isCropping || isBusy} disabled={!area}>
          {doneLabel}
        </Button>
      </Group>
    </Stack>
  );
}
