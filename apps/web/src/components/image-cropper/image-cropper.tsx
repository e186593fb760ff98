import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { ImageCropperProps } from './cropper-props.ts';

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
          <Loader role="status" aria-label="Loading the cropper" />
        </Center>
      }
    >
      <LazyCropperView {...props} />
    </Suspense>
  );
}
