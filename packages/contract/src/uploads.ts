import { z } from 'zod';
import { envelope } from './common.ts';

/** Uploaded files: what the pickers offer, the limits, and the answers of the upload routes. */

export const uploadFileTypes = ['IMAGE', 'VIDEO'] as const;
export const uploadFileType = z.enum(uploadFileTypes);
export type UploadFileType = z.infer<typeof uploadFileType>;

export const imageMaxBytes = 5 * 1024 * 1024;
export const videoMaxBytes = 200 * 1024 * 1024;
/** What the file pickers offer; the server checks the content whatever the name or type says. */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const acceptedVideoTypes = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

/** File name extensions recognised as video (spec: a list from 3g2 to yuv). */
export const videoExtensions = [
  '3g2',
  '3gp',
  'aaf',
  'asf',
  'avchd',
  'avi',
  'drc',
  'flv',
  'm2v',
  'm3u8',
  'm4p',
  'm4v',
  'mkv',
  'mng',
  'mov',
  'mp2',
  'mp4',
  'mpe',
  'mpeg',
  'mpg',
  'mpv',
  'mxf',
  'nsv',
  'ogg',
  'ogv',
  'qt',
  'rm',
  'rmvb',
  'roq',
  'svi',
  'vob',
  'webm',
  'wmv',
  'yuv',
] as const;

/** Whether a file name ends with a video extension ('intro.MP4' does). */
export function isVideoFileName(fileName: string | null | undefined): boolean {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName ?? '')?.[1]?.toLowerCase();
  return extension !== undefined && (videoExtensions as readonly string[]).includes(extension);
}

/**
 * Extensions of the videos the server keeps: it reads the content and keeps only MP4 (also .m4v), WebM and
 * QuickTime (.mov, .qt); any other container named in `videoExtensions` (an .avi, .mkv, …) is refused.
 */
export const keptVideoExtensions = ['mp4', 'm4v', 'webm', 'mov', 'qt'] as const;

/**
 * What the server will refuse about a chosen video, known from its name, type and size before it is sent
 * (the server still checks its content): null when nothing is.
 */
export function chosenVideoProblem(file: { name: string; type?: string; size: number }): string | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase();
  const isKeptName =
    extension !== undefined && (keptVideoExtensions as readonly string[]).includes(extension);
  const isKeptType = (acceptedVideoTypes as readonly string[]).includes(file.type ?? '');
  if (!isKeptName && !isKeptType) return uploadMessages.unsupportedVideo;
  if (file.type?.startsWith('video/') && !isKeptType) return uploadMessages.unsupportedVideo;
  if (file.size > videoMaxBytes) return uploadMessages.videoTooLarge;
  if (file.size === 0) return uploadMessages.notAVideo;
  return null;
}

/** The widest and tallest image accepted, read from its header before anything decodes it. */
export const imageMaxPixelSide = 4000;

export const uploadMessages = {
  chooseFile: 'Please choose a file',
  notImage: 'The file must be a JPEG, PNG or WebP image',
  imageTooLarge: 'The image must be at most 5 MB',
  unreadableImage: 'The image could not be read. Please choose another image.',
  unsupportedVideo: 'The video must be an MP4, WebM or MOV file',
  videoTooLarge: 'The video must be at most 200 MB',
  oneFileOnly: 'Please send one file at a time',
  virusFound: 'This file did not pass our virus check',
  virusCheckUnavailable: 'We cannot check files right now. Please try again later.',
  /** The content looked like a video container but ffprobe found no playable video in it. */
  notAVideo: 'This file is not a video we can play. Please choose another video.',
  imageTooManyPixels: `The image must be at most ${imageMaxPixelSide} x ${imageMaxPixelSide} pixels`,
  /** Anonymous uploads (the mentor application) have a daily byte budget per address and per e-mail. */
  dailyBudgetUsed: 'Too many files were sent today. Please try again tomorrow.',
} as const;

/** POST /myprosper/api/uploadFile (multipart: file, fileType IMAGE|VIDEO): the message is the file's URL. */
export const uploadFileResponse = envelope(z.object({ url: z.string(), fileType: uploadFileType }));
/** POST /myprosper/api/updateProfilePicture (multipart: file): 'Profile photo updated successfully'. */
export const updateProfilePictureResponse = envelope(z.object({ profilePicUrl: z.string() }));
