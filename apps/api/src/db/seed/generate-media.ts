/**
 * Writes the demo images and videos into apps/web/public (run once, output committed):
 * `npx tsx apps/api/src/db/seed/generate-media.ts`. Needs ffmpeg for the videos.
 * `--images` writes the images only.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { demoAdvisee } from './demo-content.ts';
import { demoMentorAccount, demoMentors } from './demo-mentors.ts';
import { demoTopics } from './demo-topics.ts';
import { personSvg } from './media/mentor-art.ts';
import { topicSvg } from './media/topic-art.ts';

const publicDir = fileURLToPath(new URL('../../../../web/public/', import.meta.url));

/**
 * The drawing as a WebP at the size a phone shows it (sharper on a 2x screen, a few kB): program pictures
 * 640 x 400 (cards are at most about 360 px wide), mentor photos 240 x 240 (shown at 88 px on cards, larger as a video poster).
 */
async function writeWebp(path: string, svg: string, width: number): Promise<void> {
  await sharp(Buffer.from(svg), { density: 144 })
    .resize({ width })
    .webp({ quality: 80, effort: 6 })
    .toFile(`${publicDir}${path}`);
}

mkdirSync(`${publicDir}images/topics`, { recursive: true });
mkdirSync(`${publicDir}images/mentors`, { recursive: true });
mkdirSync(`${publicDir}media`, { recursive: true });

for (const [index, topic] of demoTopics.entries()) {
  await writeWebp(`images/topics/${topic.slug}.webp`, topicSvg(topic.slug, index), 640);
}
const variants = { Female: 0, Male: 0 };
for (const [index, mentor] of [...demoMentors, demoMentorAccount].entries()) {
  const variant = variants[mentor.gender]++;
  await writeWebp(
    `images/mentors/${mentor.photo}.webp`,
    personSvg({ name: mentor.name, gender: mentor.gender, index, variant }),
    240,
  );
}
await writeWebp(
  'images/mentors/advisee.webp',
  personSvg({ name: demoAdvisee.name, gender: 'Female', index: 5, variant: 1 }),
  240,
);
if (process.argv.includes('--images')) {
  process.stdout.write(`Wrote images into ${publicDir}images\n`);
  process.exit(0);
}

/** Short silent clips: a moving gradient with a line of text, VP9 in WebM, 320 x 180, each with a JPEG poster. */
const clips = [
  {
    file: 'intro-1.webm',
    colors: ['0x0f766e', '0x34d399', '0x1e3a8a'],
    title: 'MyProsper',
    line: 'Advice on demand',
  },
  {
    file: 'intro-2.webm',
    colors: ['0x9a3412', '0xfbbf24', '0xdb2777'],
    title: 'Talk to a mentor',
    line: 'One hour that counts',
  },
  {
    file: 'intro-3.webm',
    colors: ['0x4c1d95', '0xa78bfa', '0x0ea5e9'],
    title: 'Grow with us',
    line: 'Career, money, life',
  },
  {
    file: 'intro-4.webm',
    colors: ['0x065f46', '0xa3e635', '0x0f766e'],
    title: 'Your story matters',
    line: 'Safe, honest, personal',
  },
];
const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
for (const clip of clips) {
  const [c0, c1, c2] = clip.colors;
  const text = (value: string, size: number, y: string, start: number) =>
    `drawtext=fontfile=${font}:text='${value}':fontcolor=white:fontsize=${size}:x=(w-text_w)/2:y=${y}:` +
    `alpha='if(lt(t,${start}),0,min(1,(t-${start})*2))':shadowcolor=black@0.35:shadowx=1:shadowy=1`;
  execFileSync(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `gradients=s=320x180:d=4:r=20:speed=0.02:c0=${c0}:c1=${c1}:c2=${c2}:n=3`,
      '-vf',
      [text(clip.title, 26, '(h/2)-28', 0.3), text(clip.line, 15, '(h/2)+12', 1)].join(','),
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '42',
      '-row-mt',
      '1',
      '-an',
      `${publicDir}media/${clip.file}`,
    ],
    { stdio: 'inherit' },
  );
  // Its poster: the frame with both lines shown, a JPEG of about 5 kB (apps/web: posterOf).
  execFileSync(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-ss',
      '2',
      '-i',
      `${publicDir}media/${clip.file}`,
      '-frames:v',
      '1',
      '-q:v',
      '6',
      `${publicDir}media/${clip.file.replace(/\.webm$/, '.jpg')}`,
    ],
    { stdio: 'inherit' },
  );
}
process.stdout.write(`Wrote images and videos into ${publicDir}\n`);
