import { describe, expect, it } from 'vitest';
import { chosenVideoProblem, uploadMessages, videoMaxBytes } from './uploads.ts';

describe('chosenVideoProblem', () => {
  it('accepts the containers the server keeps, by name or by type', () => {
    expect(chosenVideoProblem({ name: 'intro.mp4', type: 'video/mp4', size: 1000 })).toBeNull();
    expect(chosenVideoProblem({ name: 'intro.MOV', type: 'video/quicktime', size: 1000 })).toBeNull();
    expect(chosenVideoProblem({ name: 'intro.webm', type: '', size: 1000 })).toBeNull();
    expect(chosenVideoProblem({ name: 'intro', type: 'video/mp4', size: 1000 })).toBeNull();
  });

  it('refuses at once what the server would refuse after the upload', () => {
    expect(chosenVideoProblem({ name: 'intro.avi', type: 'video/x-msvideo', size: 1000 })).toBe(
      uploadMessages.unsupportedVideo,
    );
    expect(chosenVideoProblem({ name: 'intro.mkv', type: '', size: 1000 })).toBe(
      uploadMessages.unsupportedVideo,
    );
    expect(chosenVideoProblem({ name: 'intro.mp4', type: 'video/x-msvideo', size: 1000 })).toBe(
      uploadMessages.unsupportedVideo,
    );
    expect(chosenVideoProblem({ name: 'intro.mp4', type: 'video/mp4', size: videoMaxBytes + 1 })).toBe(
      uploadMessages.videoTooLarge,
    );
    expect(chosenVideoProblem({ name: 'intro.mp4', type: 'video/mp4', size: 0 })).toBe(
      uploadMessages.notAVideo,
    );
  });
});
