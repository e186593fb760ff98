import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live, behind one small interface: local disk (the default) or an S3-compatible store
 * chosen by env (S3_BUCKET), both made in providers/file-storage.ts. Keys are made here, never taken from a
 * client: '<images|videos>/<32 hex>.<ext>'. Either way browsers load files from the API's /uploads/<key>
 * route, which reads them through `stat`/`read`.
 */
export interface FileStorage {
  /** Stores a file under `key`: a finished temporary file (moved, not copied, when it can be) or bytes. */
  put(key: string, source: { path: string } | { bytes: Buffer }, contentType: string): Promise<void>;
  /** Removes a stored file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** The size and time of a stored file, or null when there is none. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** A stored file, whole or one byte range (inclusive), as a stream; null when there is none. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The address browsers load the file from. */
  url(key: string): string;
  /** The key behind an address this storage gave out, or null for any other address. */
  keyOf(url: string): string | null;
  /** A folder on local disk for uploads being received (and checked) before they are stored. */
  readonly tempDir: string;
}

export interface StoredFileInfo {
  size: number;
  modifiedAt: Date;
}

export interface ByteRange {
  start: number;
  end: number;
}

export type UploadFolder = 'images' | 'videos';
export const uploadsUrlPrefix = '/uploads/';
const keyPattern = /^(images|videos)\/[0-9a-f]{32}\.(webp|mp4|webm|mov)$/;

/** A fresh, unguessable key in a folder, with the extension of the checked content. */
export function newFileKey(folder: UploadFolder, extension: 'webp' | 'mp4' | 'webm' | 'mov'): string {
  return `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
}

export function isFileKey(key: string): boolean {
  return keyPattern.test(key);
}

/** The content type of a stored file, from its extension (which the server chose from the content). */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const types: Record<string, string> = {
    webp: 'image/webp',
    mp4: 'video/mp4',
    webm: 'video/webm',
    mov: 'video/quicktime',
  };
  return types[extension] ?? 'application/octet-stream';
}
