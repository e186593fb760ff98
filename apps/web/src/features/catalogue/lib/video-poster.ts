/**
 * The still shown before a video plays: a video of ours in /media has its poster beside it, a JPEG of a few kB
 * with the same name (apps/api/src/db/seed/generate-media.ts writes both). Other videos (uploaded ones) have
 * none, and show the player's own first frame.
 */
export function posterOf(videoUrl: string): string | null {
  const match = /^(\/media\/[\w-]+)\.webm$/.exec(videoUrl);
  return match ? `${match[1]}.jpg` : null;
}
