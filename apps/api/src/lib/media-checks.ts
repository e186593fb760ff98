import { execFile } from 'node:child_process';
import { imageMaxPixelSide, uploadMessages } from '@myprosper/contract/uploads';
import sharp from 'sharp';
import { AppError } from './errors.ts';

/**
 * Checks of an upload's content beyond its first bytes: a video must parse as one with ffprobe (Debian's ffmpeg
 * package), within a time limit; an image's size is read from its header before anything decodes it; and images
 * are decoded a few at a time.
 */

export interface FfprobeOptions {
  path: string;
  timeoutMs: number;
}

/** Why ffprobe could not judge a file: it is missing or failed to start (the server's fault, not the file's). */
export class ProbeUnavailable extends Error {}

/**
 * Refuses (422 'This file is not a video we can play…') a file in which ffprobe finds no video stream with a
 * size, that ffprobe cannot parse, or that it cannot finish within the time limit (then it is killed).
 * ffprobe missing or not starting throws ProbeUnavailable.
 */
export function assertPlayableVideo(filePath: string, options: FfprobeOptions): Promise<void> {
  const args = [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_type,width,height',
    '-of',
    'json',
    '--',
    filePath,
  ];
  return new Promise((resolve, reject) => {
    execFile(
      options.path,
      args,
      { timeout: options.timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024, windowsHide: true },
      (error, stdout) => {
        const code = (error as NodeJS.ErrnoException | null)?.code;
        if (code === 'ENOENT' || code === 'EACCES') {
          reject(new ProbeUnavailable(`ffprobe could not start: ${code}`));
          return;
        }
        if (error || !isVideoProbe(stdout)) {
          reject(new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.notAVideo));
          return;
        }
        resolve();
      },
    );
  });
}

function isVideoProbe(stdout: string): boolean {
  try {
    const parsed = JSON.parse(stdout) as {
      streams?: Array<{ codec_type?: string; width?: number; height?: number }>;
    };
    const stream = parsed.streams?.[0];
    return stream?.codec_type === 'video' && (stream.width ?? 0) > 0 && (stream.height ?? 0) > 0;
  } catch {
    return false;
  }
}

/**
 * Reads the image's width and height from its header only (sharp's metadata decodes no pixels) and refuses
 * one wider or taller than 4,000 pixels (413), or whose header cannot be read (422).
 */
export async function assertImageSize(filePath: string): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(filePath).metadata());
  } catch {
    throw new AppError('INVALID_INPUT', uploadMessages.unreadableImage);
  }
  if (!width || !height) throw new AppError('INVALID_INPUT', uploadMessages.unreadableImage);
  if (width > imageMaxPixelSide || height > imageMaxPixelSide) {
    throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.imageTooManyPixels);
  }
}

/** Images decoded at once by this process; others wait their turn (a decode takes a core and up to ~100 MB). */
export const imageDecodesAtOnce = 2;

/** A small queue: at most `limit` tasks run at once, the others wait in order. */
export class TaskQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Most tasks ever running at once, and tasks started so far (tests read them). */
  peak = 0;
  started = 0;

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finished task hands its place straight to the next in line, so none can slip in between.
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    this.peak = Math.max(this.peak, this.running);
    this.started++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** The queue every image decode of this process goes through. */
export const imageDecodes = new TaskQueue(imageDecodesAtOnce);
