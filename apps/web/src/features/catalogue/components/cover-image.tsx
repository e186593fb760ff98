import { Image } from '@mantine/core';

/** Shown when a picture is missing or fails to load: a soft teal panel. */
export const imagePlaceholder = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><rect width="640" height="360" fill="#e6fcf5"/><circle cx="320" cy="160" r="56" fill="#96f2d7"/><rect x="220" y="236" width="200" height="20" rx="10" fill="#96f2d7"/></svg>',
)}`;

/**
 * A picture with its size declared (width/height attributes, so the page does not shift while it loads),
 * cropped to a fixed ratio. Below the fold it loads lazily.
 */
export function CoverImage({
  src,
  alt,
  width = 640,
  height = 360,
  eager = false,
  radius,
}: {
  src: string | null | undefined;
  alt: string;
  width?: number;
  height?: number;
  eager?: boolean;
  radius?: string | number;
}) {
  return (
    <Image
      src={src || null}
      fallbackSrc={imagePlaceholder}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      radius={radius}
      fit="cover"
      style={{ width: '100%', height: 'auto', aspectRatio: `${width} / ${height}` }}
    />
  );
}
