import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { CroppedImage } from './crop-image.ts';

export interface ImageCropperProps {
  /** The chosen image (an object URL or any same-origin URL). */
  imageUrl: string;
  /** Width / height of the crop; the spec's profile photos are 1:1. */
  aspect?: number;
  /** Height of the cropping area in pixels; the spec's is 400. */
  height?: number;
  /** Done: the cropped image as a JPEG file and a preview URL. */
  onDone: (image: CroppedImage) => void;
  onCancel?: () => void;
  doneLabel?: string;
  /** Shows Done as loading (e.g. while the caller uploads the result). */
  isBusy?: boolean;
}

const LazyCropperView = lazy(() =>
  import('./cropper-view.tsx').then((module) => ({ default: module.CropperView })),
);

/**
 * Crops an image to a square (or any aspect) in the browser. The cropping library is loaded only when this
 * renders, so pages that never crop don't carry it.
 */
export function ImageCropper(props: ImageCropperProps) {
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? 400}>
          <Loader aria-label="Loading the cropper" />
        </Center>
      }
    >
      <LazyCropperView {...props} />
    </Suspense>
  );
}
