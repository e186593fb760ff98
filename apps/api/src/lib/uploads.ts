import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import {
  imageMaxBytes,
  imageMaxPixelSide,
  type UploadFileType,
  uploadMessages,
  videoMaxBytes,
} from '@myprosper/contract/uploads';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from './errors.ts';
import { assertImageSize, assertPlayableVideo, imageDecodes, ProbeUnavailable } from './media-checks.ts';
import { type FileStorage, newFileKey } from './stored-files.ts';
import { clamdAddress, type ScanVerdict, scanFile } from './virus-scan.ts';

/**
 * Uploads checked by their CONTENT (magic bytes), never by name or declared type: images JPEG, PNG or WebP up
 * to 5 MB (re-encoded as WebP, at most 800x800, metadata dropped); videos MP4, WebM or MOV up to 200 MB,
 * kept as they are. Files are received into the storage's temporary folder first.
 */

export type UploadKind = UploadFileType;
/** What a field accepts: one kind, or either (decided by the content). */
export type Accept = UploadKind | 'ANY';

/** A received file that passed the content checks, waiting in the temporary folder. */
export interface ReceivedFile {
  tempPath: string;
  kind: UploadKind;
  /** Extension of the detected content: jpg, png, webp, mp4, webm, mov */
  extension: string;
  mime: string;
  size: number;
  /** The name the browser gave (only for the spec's extension rule; never used to store). */
  clientName: string;
}

export interface StoredFile {
  key: string;
  url: string;
  kind: UploadKind;
  contentType: string;
  size: number;
}

/** Multipart limits of routes that take files: the largest file allowed is a video. */
export const multipartLimits = {
  fileSize: videoMaxBytes + 1,
  files: 2,
  fields: 40,
  fieldSize: 16 * 1024,
  parts: 45,
} as const;

/** Longest side of a stored image. */
export const imageMaxSide = 800;
const headBytes = 4100;
const imageTypes = new Set(['jpg', 'png', 'webp']);
const videoTypes: Record<string, { extension: 'mp4' | 'webm' | 'mov'; mime: string }> = {
  mp4: { extension: 'mp4', mime: 'video/mp4' },
  m4v: { extension: 'mp4', mime: 'video/mp4' },
  webm: { extension: 'webm', mime: 'video/webm' },
  mov: { extension: 'mov', mime: 'video/quicktime' },
};

const tooLarge = (kind: UploadKind) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    kind === 'IMAGE' ? uploadMessages.imageTooLarge : uploadMessages.videoTooLarge,
  );
const wrongType = (accept: Accept) =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    accept === 'VIDEO' ? uploadMessages.unsupportedVideo : uploadMessages.notImage,
  );

/** Counts and sniffs the bytes as they pass, failing as soon as the content or its size is wrong. */
class UploadInspector extends Transform {
  size = 0;
  detected: { kind: UploadKind; extension: string; mime: string } | null = null;
  private head: Buffer[] = [];
  private headSize = 0;

  constructor(private readonly accept: Accept) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (!this.detected) {
      this.head.push(chunk);
      this.headSize += chunk.length;
    }
    const check = this.detected || this.headSize < headBytes ? Promise.resolve() : this.detect();
    check.then(
      () => {
        this.checkSize();
        callback(null, chunk);
      },
      (error: unknown) => callback(error as Error),
    );
  }

  override _flush(callback: TransformCallback): void {
    if (this.size === 0) {
      callback(new AppError('INVALID_INPUT', uploadMessages.chooseFile));
      return;
    }
    (this.detected ? Promise.resolve() : this.detect()).then(
      () => callback(),
      (error: unknown) => callback(error as Error),
    );
  }

  private async detect(): Promise<void> {
    const type = await fileTypeFromBuffer(Buffer.concat(this.head));
    this.head = [];
    const video = type ? videoTypes[type.ext] : undefined;
    if (type && imageTypes.has(type.ext) && this.accept !== 'VIDEO') {
      this.detected = { kind: 'IMAGE', extension: type.ext, mime: type.mime };
    } else if (video && this.accept !== 'IMAGE') {
      this.detected = { kind: 'VIDEO', ...video };
    } else {
      throw wrongType(this.accept);
    }
    this.checkSize();
  }

  private checkSize(): void {
    const kind = this.detected?.kind ?? 'VIDEO';
    if (this.size > (kind === 'IMAGE' ? imageMaxBytes : videoMaxBytes)) throw tooLarge(kind);
  }
}

/** Receives one file part into the temporary folder, checking its content and size on the way. */
export async function receiveFile(
  part: MultipartFile,
  tempDir: string,
  accept: Accept,
): Promise<ReceivedFile> {
  await mkdir(tempDir, { recursive: true });
  const tempPath = join(tempDir, `${randomBytes(12).toString('hex')}.upload`);
  const inspector = new UploadInspector(accept);
  const output = createWriteStream(tempPath);
  try {
    await pipeline(part.file as Readable, inspector, output);
  } catch (error) {
    // A file refused on its first bytes fails the pipeline while the temporary file is still being opened:
    // removed before the open completes, it would be created after and left behind. Wait for it to close.
    if (!output.closed) await once(output, 'close').catch(() => {});
    await unlink(tempPath).catch(() => {});
    throw asUploadError(error, inspector.detected?.kind ?? (accept === 'IMAGE' ? 'IMAGE' : 'VIDEO'));
  }
  const detected = inspector.detected!;
  return { tempPath, ...detected, size: inspector.size, clientName: part.filename ?? '' };
}

/** Multipart's own refusals (a file over the route's limit, too many parts) in our words. */
function asUploadError(error: unknown, kind: UploadKind): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(kind);
  return error;
}

export interface MultipartUpload {
  fields: Record<string, string | string[]>;
  files: Record<string, ReceivedFile>;
}

/**
 * Reads a whole multipart request: text fields, and the files of the named fields (each checked as it
 * arrives). Other file fields are skipped. On any failure every file received so far is deleted.
 * `acceptOf` may look at the fields that came before the file (e.g. fileType).
 */
export async function readMultipart(
  request: FastifyRequest,
  tempDir: string,
  acceptOf: (field: string, fieldsSoFar: Record<string, string | string[]>) => Accept | null,
): Promise<MultipartUpload> {
  const upload: MultipartUpload = { fields: {}, files: {} };
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Please send the form as multipart/form-data');
  }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated || typeof part.value !== 'string') {
          throw new AppError('INVALID_INPUT', `${part.fieldname} is too long`);
        }
        const previous = upload.fields[part.fieldname];
        upload.fields[part.fieldname] =
          previous === undefined
            ? part.value
            : [...(typeof previous === 'string' ? [previous] : previous), part.value];
        continue;
      }
      const accept = acceptOf(part.fieldname, upload.fields);
      if (accept === null || upload.files[part.fieldname]) {
        if (upload.files[part.fieldname]) throw new AppError('INVALID_INPUT', uploadMessages.oneFileOnly);
        part.file.resume();
        continue;
      }
      const file = await receiveFile(part, tempDir, accept);
      upload.files[part.fieldname] = file;
      await checkMedia(request, file);
      await scanForViruses(request, file);
    }
  } catch (error) {
    await discardFiles(Object.values(upload.files));
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('INVALID_INPUT', uploadMessages.oneFileOnly);
    }
    if (isBrokenForm(error)) throw new AppError('BAD_REQUEST', brokenFormMessage);
    throw error;
  }
  return upload;
}

/**
 * An image's size from its header (over 4,000 x 4,000 pixels: refused before anything decodes it); a video
 * must parse as one with ffprobe within FFPROBE_TIMEOUT_SECONDS (a renamed or crafted file is refused). When
 * ffprobe cannot run, uploads of videos are refused with 503 rather than kept unchecked.
 */
async function checkMedia(request: FastifyRequest, file: ReceivedFile): Promise<void> {
  if (file.kind === 'IMAGE') {
    await assertImageSize(file.tempPath);
    return;
  }
  const { FFPROBE_PATH, FFPROBE_TIMEOUT_SECONDS } = request.server.env;
  try {
    await assertPlayableVideo(file.tempPath, {
      path: FFPROBE_PATH,
      timeoutMs: FFPROBE_TIMEOUT_SECONDS * 1000,
    });
  } catch (error) {
    if (!(error instanceof ProbeUnavailable)) throw error;
    request.log.error({ err: error }, 'upload refused: ffprobe is unavailable');
    throw new AppError('UNAVAILABLE', uploadMessages.virusCheckUnavailable);
  }
}

/**
 * ASVS V5.4.3: a received file is scanned by ClamAV's daemon (CLAMD_URL) before anything keeps it. Found
 * infected: refused (422). clamd not answering: refused too (503) — an unchecked file is never kept.
 */
async function scanForViruses(request: FastifyRequest, file: ReceivedFile): Promise<void> {
  const { CLAMD_URL, CLAMD_TIMEOUT_SECONDS } = request.server.env;
  if (!CLAMD_URL) return;
  let verdict: ScanVerdict;
  try {
    verdict = await scanFile(clamdAddress(CLAMD_URL), file.tempPath, CLAMD_TIMEOUT_SECONDS * 1000);
  } catch (error) {
    request.log.error({ err: error }, 'upload refused: the virus check is unavailable');
    throw new AppError('UNAVAILABLE', uploadMessages.virusCheckUnavailable);
  }
  if (!verdict.clean) {
    request.log.warn({ signature: verdict.signature }, 'upload refused: the virus check found a virus');
    throw new AppError('INVALID_INPUT', uploadMessages.virusFound);
  }
}

const brokenFormMessage = 'The form was cut short or is not valid multipart. Please try again.';

/** The multipart parser's refusals of a form it cannot read (no boundary, cut short, a bad part header). */
function isBrokenForm(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'FST_PROTO_VIOLATION') return true;
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return true;
  return (
    error instanceof Error &&
    code === undefined &&
    /^(Multipart: |Unexpected end of (multipart data|form)|Malformed)/.test(error.message)
  );
}

/** Deletes received files that were not stored (or were stored, being moved away: then nothing is left). */
export async function discardFiles(files: ReadonlyArray<ReceivedFile | undefined>): Promise<void> {
  await Promise.all(files.map((file) => (file ? unlink(file.tempPath).catch(() => {}) : undefined)));
}

/**
 * Re-encodes a received image as WebP, at most 800x800 and without metadata (orientation applied), and stores
 * it. `square` crops the middle to 1:1 (profile photos). A corrupt or truncated image is refused.
 */
export async function storeImage(
  storage: FileStorage,
  file: ReceivedFile,
  options: { square: boolean },
): Promise<StoredFile> {
  if (file.kind !== 'IMAGE') throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.notImage);
  let bytes: Buffer;
  try {
    bytes = await imageDecodes.run(() => encodeImage(file.tempPath, options));
  } catch {
    throw new AppError('INVALID_INPUT', uploadMessages.unreadableImage);
  } finally {
    await discardFiles([file]);
  }
  const key = newFileKey('images', 'webp');
  await storage.put(key, { bytes }, 'image/webp');
  return { key, url: storage.url(key), kind: 'IMAGE', contentType: 'image/webp', size: bytes.length };
}

/**
 * The decode and re-encode itself, a few at a time (imageDecodes). Its pixel limit matches the header check
 * (4,000 x 4,000), so even an image whose header lied is never decoded beyond it.
 */
async function encodeImage(path: string, options: { square: boolean }): Promise<Buffer> {
  {
    const input = () =>
      sharp(path, { failOn: 'error', limitInputPixels: imageMaxPixelSide * imageMaxPixelSide });
    const metadata = await input().metadata();
    const isTurned = (metadata.orientation ?? 1) >= 5;
    const width = (isTurned ? metadata.height : metadata.width) ?? imageMaxSide;
    const height = (isTurned ? metadata.width : metadata.height) ?? imageMaxSide;
    const image = input().rotate();
    if (options.square) {
      const side = Math.min(width, height, imageMaxSide);
      image.resize(side, side, { fit: 'cover', position: 'centre' });
    } else {
      image.resize(imageMaxSide, imageMaxSide, { fit: 'inside', withoutEnlargement: true });
    }
    return image.webp({ quality: 82 }).toBuffer();
  }
}

/** Stores a received video as it is, under a new name with the extension of its content. */
export async function storeVideo(storage: FileStorage, file: ReceivedFile): Promise<StoredFile> {
  if (file.kind !== 'VIDEO') throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.unsupportedVideo);
  const key = newFileKey('videos', file.extension as 'mp4' | 'webm' | 'mov');
  try {
    await storage.put(key, { path: file.tempPath }, file.mime);
  } finally {
    await discardFiles([file]);
  }
  return { key, url: storage.url(key), kind: 'VIDEO', contentType: file.mime, size: file.size };
}

/** Removes stored files, e.g. when the transaction that would have used them failed. Never throws. */
export async function removeStored(storage: FileStorage, keys: ReadonlyArray<string | null | undefined>) {
  await Promise.all(keys.map((key) => (key ? storage.remove(key).catch(() => {}) : undefined)));
}
