import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { posterOf } from './video-poster.ts';

const mediaDir = fileURLToPath(new URL('../../../../public/media/', import.meta.url));

describe('posterOf', () => {
  it('answers the JPEG beside a video of ours', () => {
    expect(posterOf('/media/intro-1.webm')).toBe('/media/intro-1.jpg');
  });

  it('answers none for an uploaded video or a path outside /media', () => {
    expect(posterOf('/uploads/videos/abc.webm')).toBeNull();
    expect(posterOf('/media/../uploads/x.webm')).toBeNull();
    expect(posterOf('https://example.com/media/intro-1.webm')).toBeNull();
  });

  it('finds a small poster beside every video in public/media', () => {
    const videos = readdirSync(mediaDir).filter((name) => name.endsWith('.webm'));
    expect(videos.length).toBeGreaterThan(0);
    for (const video of videos) {
      const poster = posterOf(`/media/${video}`);
      expect(poster, video).not.toBeNull();
      const size = statSync(`${mediaDir}${poster!.slice('/media/'.length)}`).size;
      expect(size, `${poster} stays a few kB`).toBeLessThan(12_000);
    }
  });
});
