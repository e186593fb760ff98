import { type SenderCaps, videoSenderCaps } from './calls.ts';

/**
 * Calls on Kenyan mobile data (issue 22): the data saver and the data meter. An hour of 1:1 video at 500 kbit/s
 * each way is about 450 MB (KSh 2,000 at KSh 4.6 a MB); audio alone is about 36 MB.
 */

export const callDataMessages = {
  dataSaver: 'Data saver',
  /** Said when the data saver turns on by itself, or is switched on, with the camera turned off. */
  dataSaverOn:
    'Data saver is on: your camera is off until you turn it on, and your video is sent small. Turn the data saver off for full quality.',
  meterLabel: 'Data used by this device in this call',
  /** On a remote person's tile while their connection is being restored. */
  reconnecting: 'Reconnecting…',
} as const;

/** What the browser says about its connection (the Network Information API, where it exists). */
export interface ConnectionHints {
  saveData?: boolean;
  type?: string;
  effectiveType?: string;
}

const slowEffectiveTypes = new Set(['slow-2g', '2g', '3g']);

/**
 * Whether a call starts in data-saver mode when the person has not chosen: on when the browser asks to save data
 * (Save-Data), reports a cellular connection, or measures a slow one.
 */
export function prefersDataSaver(connection: ConnectionHints | undefined | null): boolean {
  if (!connection) return false;
  return (
    connection.saveData === true ||
    connection.type === 'cellular' ||
    slowEffectiveTypes.has(connection.effectiveType ?? '')
  );
}

/** Data saver video: about 180 lines at 15 frames a second, at most 150 kbit/s. */
export const dataSaverVideo = { height: 180, width: 320, frameRate: 15, maxBitrate: 150_000 } as const;

/**
 * Outgoing video limits per connection: the room's (none for two people, lower as it fills), and in data-saver
 * mode never above the data saver's, scaled down from the camera's `trackHeight` to its 180 lines.
 */
export function senderCapsFor(
  participants: number,
  dataSaver: boolean,
  trackHeight: number | null,
): SenderCaps | null {
  const room = videoSenderCaps(participants);
  if (!dataSaver) return room;
  const scale = trackHeight && trackHeight > dataSaverVideo.height ? trackHeight / dataSaverVideo.height : 1;
  return {
    maxBitrate: Math.min(room?.maxBitrate ?? dataSaverVideo.maxBitrate, dataSaverVideo.maxBitrate),
    scaleResolutionDownBy: Math.max(scale, room?.scaleResolutionDownBy ?? 1),
    maxFramerate: Math.min(room?.maxFramerate ?? dataSaverVideo.frameRate, dataSaverVideo.frameRate),
  };
}

/** The data saver's Opus: DTX, at most 20 kbit/s (plenty for speech), 40 ms packets (half the headers). */
export const dataSaverOpus = { usedtx: '1', maxaveragebitrate: '20000', ptime: '40' } as const;

/**
 * Asks for the data saver's Opus on a session description: `usedtx=1` (discontinuous transmission: next to
 * nothing is sent while a person is silent), `maxaveragebitrate=20000` and `ptime=40` on the Opus format line,
 * each unless the line says otherwise already. Applied to the description received, it sets this browser's
 * own Opus encoder.
 */
export function withDataSaverOpus(sdp: string): string {
  const payloadTypes = [...sdp.matchAll(/^a=rtpmap:(\d+) opus\/48000\/2\r?$/gim)].map((match) => match[1]!);
  if (payloadTypes.length === 0) return sdp;
  return sdp.replace(/^a=fmtp:(\d+) ([^\r\n]*)$/gm, (line, payloadType: string, params: string) => {
    if (!payloadTypes.includes(payloadType)) return line;
    const missing = Object.entries(dataSaverOpus)
      .filter(([name]) => !new RegExp(`(^|;)\\s*${name}=`).test(params))
      .map(([name, value]) => `;${name}=${value}`)
      .join('');
    return `a=fmtp:${payloadType} ${params}${missing}`;
  });
}

/** Bytes in a megabyte as the networks bill it. */
const megabyte = 1_000_000;

function formatMegabytes(bytes: number): string {
  const mb = bytes / megabyte;
  return mb < 100 ? mb.toFixed(1) : String(Math.round(mb));
}

/**
 * The meter's words: the megabytes this device sent and received in the call so far, and, once a rate is known,
 * about how many an hour at the current rate ("12.3 MB used · about 180 MB an hour").
 */
export function dataMeterText(usedBytes: number, bytesPerHour: number | null): string {
  const used = `${formatMegabytes(usedBytes)} MB used`;
  return bytesPerHour === null ? used : `${used} · about ${formatMegabytes(bytesPerHour)} MB an hour`;
}

/** A reading of the bytes counted so far, at a time. */
export interface DataSample {
  at: number;
  bytes: number;
}

/** The rate an hour over the samples of the last `windowMs` (null until two samples span 2 seconds or more). */
export function bytesPerHour(samples: DataSample[], now: number, windowMs = 10_000): number | null {
  const recent = samples.filter((sample) => now - sample.at <= windowMs);
  const first = recent[0];
  const last = recent.at(-1);
  if (!first || !last || last.at - first.at < 2_000) return null;
  return ((last.bytes - first.bytes) / (last.at - first.at)) * 3_600_000;
}

// ---- Adaptation to a weak network ----

/** What one connection sends: full video, the data saver's small video, or audio alone. */
export type VideoLevel = 'full' | 'low' | 'audio';

/** A reading of one connection's quality: the share of packets lost (0 to 1) and the round trip in seconds. */
export interface QualitySample {
  at: number;
  lost: number;
  rtt: number;
}

/**
 * Heavy loss (10 % or more) or a round trip of a second or more: the network cannot carry more. A long but
 * steady round trip below that (a satellite or a far mast: 0.4 to 0.8 s) is distance, which less video does
 * not shorten.
 */
export function isWeak(sample: QualitySample): boolean {
  return sample.lost >= 0.1 || sample.rtt >= 1;
}

/** How long a connection must stay weak before video steps down, and good before it steps up again. */
export const adaptation = { downAfterMs: 10_000, upAfterMs: 20_000 } as const;

/** Whether every sample of the last `ms` is weak (or good), with samples that span nearly all of it. */
function lasting(samples: QualitySample[], now: number, ms: number, weak: boolean): boolean {
  const recent = samples.filter((sample) => now - sample.at <= ms);
  const first = recent[0];
  if (!first || now - first.at < ms * 0.8) return false;
  return recent.every((sample) => isWeak(sample) === weak);
}

/**
 * The next level of a connection's video: after about 10 s of heavy loss or a long round trip one step down
 * (full → low → audio); after about 20 s of a good network one step up. `stepped`: a step was taken, so the
 * samples so far are used up (the next step needs a stretch of its own). The data saver caps video apart.
 */
export function nextVideoLevel(
  current: VideoLevel,
  samples: QualitySample[],
  now: number,
): { level: VideoLevel; stepped: boolean } {
  const order: VideoLevel[] = ['full', 'low', 'audio'];
  const index = order.indexOf(current);
  if (index > 0 && lasting(samples, now, adaptation.upAfterMs, false)) {
    return { level: order[index - 1]!, stepped: true };
  }
  if (index < order.length - 1 && lasting(samples, now, adaptation.downAfterMs, true)) {
    return { level: order[index + 1]!, stepped: true };
  }
  return { level: current, stepped: false };
}

export const adaptationMessages = {
  low: 'Your connection is weak: your video is sent small for now.',
  audio: 'Your connection is weak: audio only for now. Your video comes back when the network recovers.',
} as const;

// ---- The check before joining ----

/** What a short test call through the configured STUN/TURN servers measured (null: it never connected). */
export interface NetworkCheck {
  /** Round trip between the two ends of the test, milliseconds. */
  rttMs: number;
  /** What arrived at the far end, kilobits a second. */
  kbps: number;
}

export type PrecheckVerdict = 'good' | 'weak' | 'unreachable';

/** The verdict of the check: no connection at all, a weak one (a round trip of a second or more, or a trickle), or good. */
export function precheckVerdict(check: NetworkCheck | null): PrecheckVerdict {
  if (!check) return 'unreachable';
  return check.rttMs >= 1000 || check.kbps < 100 ? 'weak' : 'good';
}

export const precheckMessages = {
  title: 'Before you join',
  testing: 'Checking your connection…',
  good: 'Your connection looks good for video.',
  weak: 'Your connection is weak: we suggest audio only.',
  unreachable: 'We could not reach the call servers. Check your connection; you can still try to join.',
  useAudioOnly: 'Use audio only',
  join: 'Join now',
  start: 'Start the session',
  back: 'Back',
} as const;

// ---- Group calls through the SFU (Janus's VideoRoom; docs/calls.md) ----

/**
 * What a page publishes to the SFU: one camera stream in three simulcast layers, the largest first (Janus takes
 * the first RID as the highest): the size of a mesh copy in a full room (320 x 180 from a 640 x 360 camera),
 * then half and a quarter of that. Their sum (at most 125 kbit/s) is what one person uploads whatever the
 * room's size, under a third of a five-person mesh's four copies (each about 100 kbit/s at that size). A wide
 * screen's large tile shows the 320 x 180 layer enlarged: a phone's upload decides the price of a group call.
 * Chromium may send fewer layers for a small camera (it drops the smallest first).
 */
export const sfuLayers = [
  { rid: 'h', maxBitrate: 80_000, scaleResolutionDownBy: 2, maxFramerate: 20 },
  { rid: 'm', maxBitrate: 30_000, scaleResolutionDownBy: 4, maxFramerate: 15 },
  { rid: 'l', maxBitrate: 15_000, scaleResolutionDownBy: 8, maxFramerate: 10 },
] as const;

/** Janus's simulcast substreams: 0 the smallest layer ('l'), 2 the full one ('h'). */
export type Substream = 0 | 1 | 2;

/**
 * The layer a remote tile asks the SFU for: the smallest with the data saver on or a weak network; otherwise by
 * the tile's width in CSS pixels (a phone's grid of small tiles gets the small layer, a large tile the full).
 */
export function sfuSubstreamFor(input: { tileWidth: number; dataSaver: boolean; weak: boolean }): Substream {
  if (input.dataSaver || input.weak) return 0;
  if (input.tileWidth < 240) return 0;
  if (input.tileWidth < 480) return 1;
  return 2;
}

/**
 * A remote tile's width on a screen of `width` x `height` CSS pixels showing `tiles` remote tiles, as the call
 * screen lays them out: one column for one; two side by side on a wide screen (one above the other on a tall
 * phone); two columns for three or four.
 */
export function remoteTileWidth(width: number, height: number, tiles: number): number {
  if (tiles >= 3 || (tiles === 2 && width >= height)) return width / 2;
  return width;
}
