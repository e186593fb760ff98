import { Box } from '@mantine/core';
import { preload } from 'react-dom';

/**
 * A video that loads nothing until it is played (preload none, never autoplay), its box reserved at 16:9.
 * Videos are local files (e.g. /media/x.webm) played by the browser itself.
 */
export function VideoPlayer({
  src,
  poster,
  label,
  isMain = false,
}: {
  src: string;
  poster?: string | null;
  label: string;
  /** The picture at the top of the page: its poster is fetched first, ahead of everything else. */
  isMain?: boolean;
}) {
  if (isMain && poster) preload(poster, { as: 'image', fetchPriority: 'high' });
  return (
    <Box
      style={{
        aspectRatio: '16 / 9',
        background: 'var(--mantine-color-dark-7)',
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
      }}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: uploaded talks come without caption files */}
      <video
        controls
        preload="none"
        playsInline
        poster={poster ?? undefined}
        src={src}
        width={1280}
        height={720}
        aria-label={label}
        style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
      >
        <a href={src}>Download the video</a>
      </video>
    </Box>
  );
}
