import { nextVideoLevel, type QualitySample, type VideoLevel } from '@myprosper/contract/call-data';

/**
 * What the far end reports of what a connection sends (its `remote-inbound-rtp` entries: share of packets lost,
 * round trip), the worst of its streams; null before any report came.
 */
export function reportedQuality(report: RTCStatsReport): { lost: number; rtt: number } | null {
  let lost = 0;
  let rtt = 0;
  let seen = false;
  report.forEach((entry: { type: string } & Record<string, unknown>) => {
    if (entry.type !== 'remote-inbound-rtp') return;
    seen = true;
    lost = Math.max(lost, Number(entry.fractionLost ?? 0));
    rtt = Math.max(rtt, Number(entry.roundTripTime ?? 0));
  });
  return seen ? { lost, rtt } : null;
}

/**
 * The video level one upload carries for its network (issue 22): a mesh connection's, or the SFU publisher's.
 * Each reading is a sample; after a stretch of weak (or good) samples the level steps down (or up) once
 * (`nextVideoLevel`), and the samples so far are used up.
 */
export class VideoAdaptation {
  level: VideoLevel = 'full';
  private samples: QualitySample[] = [];

  /** Takes this reading; answers the new level when it stepped, else null. */
  step(now: number, quality: { lost: number; rtt: number }): VideoLevel | null {
    this.samples = [...this.samples.filter((sample) => now - sample.at <= 30_000), { at: now, ...quality }];
    const next = nextVideoLevel(this.level, this.samples, now);
    if (!next.stepped) return null;
    this.samples = [];
    this.level = next.level;
    return next.level;
  }
}
