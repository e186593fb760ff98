import type { CroppedImage } from './crop-image.ts';

/** What ImageCropper takes, and passes on to CropperView once the cropper's code has loaded. */
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
