import { describe, expect, it } from 'vitest';
import {
  bytesPerHour,
  dataMeterText,
  nextVideoLevel,
  precheckVerdict,
  prefersDataSaver,
  remoteTileWidth,
  senderCapsFor,
  sfuLayers,
  sfuSubstreamFor,
  withDataSaverOpus,
} from './call-data.ts';
import { videoSenderCaps } from './calls.ts';

describe('when a call starts in data-saver mode', () => {
  it('is on for Save-Data, a cellular connection or a slow one, and off otherwise or when nothing is known', () => {
    expect(prefersDataSaver({ saveData: true, type: 'wifi', effectiveType: '4g' })).toBe(true);
    expect(prefersDataSaver({ type: 'cellular', effectiveType: '4g' })).toBe(true);
    expect(prefersDataSaver({ effectiveType: '3g' })).toBe(true);
    expect(prefersDataSaver({ effectiveType: 'slow-2g' })).toBe(true);
    expect(prefersDataSaver({ saveData: false, type: 'wifi', effectiveType: '4g' })).toBe(false);
    expect(prefersDataSaver(undefined)).toBe(false);
  });
});

describe('the video each connection may send', () => {
  it('follows the room alone without the data saver', () => {
    expect(senderCapsFor(2, false, 360)).toBeNull();
    expect(senderCapsFor(3, false, 360)).toEqual({
      maxBitrate: 500_000,
      scaleResolutionDownBy: 1.5,
      maxFramerate: 24,
    });
  });

  it('is never above 180 lines, 15 frames and 150 kbit/s with it, whatever the camera gives', () => {
    expect(senderCapsFor(2, true, 360)).toEqual({
      maxBitrate: 150_000,
      scaleResolutionDownBy: 2,
      maxFramerate: 15,
    });
    expect(senderCapsFor(2, true, 180)).toEqual({
      maxBitrate: 150_000,
      scaleResolutionDownBy: 1,
      maxFramerate: 15,
    });
    expect(senderCapsFor(5, true, null)).toEqual({
      maxBitrate: 150_000,
      scaleResolutionDownBy: 2,
      maxFramerate: 15,
    });
  });
});

describe("the data saver's Opus", () => {
  const sdp = [
    'v=0',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111 63',
    'a=rtpmap:111 opus/48000/2',
    'a=fmtp:111 minptime=10;useinbandfec=1',
    'a=rtpmap:63 red/48000/2',
    'a=fmtp:63 111/111',
    'm=video 9 UDP/TLS/RTP/SAVPF 96',
    'a=rtpmap:96 VP8/90000',
    '',
  ].join('\r\n');

  it('asks for DTX, 20 kbit/s and 40 ms packets on the Opus line only, once', () => {
    const out = withDataSaverOpus(sdp);
    expect(out).toContain(
      'a=fmtp:111 minptime=10;useinbandfec=1;usedtx=1;maxaveragebitrate=20000;ptime=40\r\n',
    );
    expect(out).toContain('a=fmtp:63 111/111\r\n');
    expect(withDataSaverOpus(out)).toBe(out);
  });

  it('keeps what the line says already', () => {
    const own = sdp.replace('minptime=10;useinbandfec=1', 'usedtx=0;maxaveragebitrate=12000');
    expect(withDataSaverOpus(own)).toContain('a=fmtp:111 usedtx=0;maxaveragebitrate=12000;ptime=40\r\n');
  });

  it('leaves a description without Opus as it is', () => {
    const video = 'v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=rtpmap:96 VP8/90000\r\na=fmtp:96 x=1\r\n';
    expect(withDataSaverOpus(video)).toBe(video);
  });
});

describe('the data meter', () => {
  it('says the megabytes used, then the rate an hour once known', () => {
    expect(dataMeterText(0, null)).toBe('0.0 MB used');
    expect(dataMeterText(12_345_678, 180_400_000)).toBe('12.3 MB used · about 180 MB an hour');
  });

  it('measures the rate over the last 10 seconds, and only over 2 seconds or more', () => {
    expect(bytesPerHour([{ at: 0, bytes: 0 }], 0)).toBeNull();
    expect(
      bytesPerHour(
        [
          { at: 0, bytes: 0 },
          { at: 1_000, bytes: 1_000 },
        ],
        1_000,
      ),
    ).toBeNull();
    // 10 kB a second for the last 10 s (an old burst before it does not count): 36 MB an hour.
    const samples = [
      { at: 0, bytes: 0 },
      { at: 5_000, bytes: 5_000_000 },
      { at: 10_000, bytes: 5_050_000 },
      { at: 15_000, bytes: 5_100_000 },
    ];
    expect(bytesPerHour(samples, 15_000)).toBe(36_000_000);
  });
});

describe('adapting video to a weak network', () => {
  const every2s = (fromMs: number, toMs: number, lost: number, rtt: number) =>
    Array.from({ length: (toMs - fromMs) / 2_000 + 1 }, (_, i) => ({ at: fromMs + i * 2_000, lost, rtt }));

  it('steps down after 10 s of heavy loss or a long round trip, one step at a time', () => {
    const lossy = every2s(0, 10_000, 0.2, 0.1);
    expect(nextVideoLevel('full', lossy, 10_000)).toEqual({ level: 'low', stepped: true });
    expect(nextVideoLevel('low', lossy, 10_000)).toEqual({ level: 'audio', stepped: true });
    expect(nextVideoLevel('audio', lossy, 10_000)).toEqual({ level: 'audio', stepped: false });
    const slow = every2s(0, 10_000, 0, 1.2);
    expect(nextVideoLevel('full', slow, 10_000).level).toBe('low');
    // A long but steady round trip is distance, not a weak network.
    expect(nextVideoLevel('full', every2s(0, 10_000, 0, 0.8), 10_000).stepped).toBe(false);
  });

  it('waits for a whole stretch: a short one, or one good sample in it, changes nothing', () => {
    expect(nextVideoLevel('full', every2s(4_000, 10_000, 0.3, 0.1), 10_000).stepped).toBe(false);
    const mixed = [...every2s(0, 8_000, 0.3, 0.1), { at: 10_000, lost: 0, rtt: 0.05 }];
    expect(nextVideoLevel('full', mixed, 10_000).stepped).toBe(false);
  });

  it('steps back up after 20 s of a good network', () => {
    const good = every2s(0, 20_000, 0.01, 0.05);
    expect(nextVideoLevel('audio', good, 20_000)).toEqual({ level: 'low', stepped: true });
    expect(nextVideoLevel('low', good, 20_000)).toEqual({ level: 'full', stepped: true });
    expect(nextVideoLevel('full', good, 20_000)).toEqual({ level: 'full', stepped: false });
    expect(nextVideoLevel('audio', every2s(10_000, 20_000, 0, 0.05), 20_000).stepped).toBe(false);
  });
});

describe('the check before joining', () => {
  it('says unreachable without a connection, weak on a long round trip or a trickle, good otherwise', () => {
    expect(precheckVerdict(null)).toBe('unreachable');
    expect(precheckVerdict({ rttMs: 1_400, kbps: 600 })).toBe('weak');
    expect(precheckVerdict({ rttMs: 80, kbps: 40 })).toBe('weak');
    expect(precheckVerdict({ rttMs: 80, kbps: 600 })).toBe('good');
  });
});

describe('group calls through the SFU', () => {
  it('asks small tiles, the data saver and a weak network for the small layer, large tiles for the full one', () => {
    const phone = (tiles: number) =>
      sfuSubstreamFor({ tileWidth: remoteTileWidth(360, 740, tiles), dataSaver: false, weak: false });
    expect(phone(1)).toBe(1);
    expect(phone(2)).toBe(1);
    expect(phone(4)).toBe(0);
    const laptop = (tiles: number) =>
      sfuSubstreamFor({ tileWidth: remoteTileWidth(1366, 768, tiles), dataSaver: false, weak: false });
    expect(laptop(1)).toBe(2);
    expect(laptop(4)).toBe(2);
    expect(sfuSubstreamFor({ tileWidth: 1366, dataSaver: true, weak: false })).toBe(0);
    expect(sfuSubstreamFor({ tileWidth: 1366, dataSaver: false, weak: true })).toBe(0);
  });

  it('uploads one stream whose layers together cost under a third of a five-person mesh’s four copies', () => {
    const sfu = sfuLayers.reduce((sum, layer) => sum + layer.maxBitrate, 0);
    // A mesh copy in a full room is sent at its caps' size and frame rate; what it costs is what that picture
    // needs, about 100 kbit/s (docs/calls.md, the call benchmark), not its 350 kbit/s ceiling.
    const meshCopy = videoSenderCaps(5)!;
    expect(sfu * 3).toBeLessThanOrEqual(4 * 100_000);
    // The largest layer is the mesh copy's size, never sharper or faster.
    expect(sfuLayers[0].scaleResolutionDownBy).toBeGreaterThanOrEqual(meshCopy.scaleResolutionDownBy);
    expect(sfuLayers[0].maxFramerate).toBeLessThanOrEqual(meshCopy.maxFramerate ?? 30);
    // The full picture first: Janus takes the first RID as the highest layer.
    expect(sfuLayers.map((layer) => layer.rid)).toEqual(['h', 'm', 'l']);
  });
});
