/** A rectangle of the source image, in its own pixels (what react-easy-crop reports as croppedAreaPixels). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The result of Done: the cropped image as a file to send, and an object URL to preview it. */
export interface CroppedImage {
  file: File;
  /** An object URL of the file; revoke it with URL.revokeObjectURL when it is no longer shown. */
  previewUrl: string;
}

export interface CropOptions {
  /** Longest side of the result in pixels (the server keeps at most 800). */
  maxSide?: number;
  fileName?: string;
  quality?: number;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read. Please choose another image.'));
    image.src = src;
  });
}

/** Draws `area` of the image at `src` onto a canvas and answers it as a JPEG file (white behind transparency). */
export async function cropImage(
  src: string,
  area: PixelArea,
  { maxSide = 800, fileName = 'profile.jpg', quality = 0.9 }: CropOptions = {},
): Promise<CroppedImage> {
  const image = await loadImage(src);
  const scale = Math.min(1, maxSide / Math.max(area.width, area.height));
  const width = Math.max(1, Math.round(area.width * scale));
  const height = Math.max(1, Math.round(area.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Your browser cannot crop images.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  if (!blob) throw new Error('Your browser cannot crop images.');
  const file = new File([blob], fileName, { type: 'image/jpeg' });
  return { file, previewUrl: URL.createObjectURL(file) };
}
