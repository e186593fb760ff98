import { bytesPerHour, type DataSample } from '@myprosper/contract/call-data';

/** What the meter reads from a connection: its bytes so far, and its last reading once it is closing. */
interface Metered {
  bytes(): Promise<number>;
  readonly lastBytes: number;
}

/**
 * The call's data meter (issue 22): the bytes this device sent and received over every connection of the call,
 * the closed ones included (people who left, reconnections), and the rate an hour over the last 10 seconds.
 */
export class DataMeter {
  private closedBytes = 0;
  private samples: DataSample[] = [];

  /** A connection closes: its last reading stays counted. */
  closed(link: Metered): void {
    this.closedBytes += link.lastBytes;
  }

  async read(open: Metered[], now = Date.now()): Promise<{ used: number; perHour: number | null }> {
    const bytes = await Promise.all(open.map((link) => link.bytes()));
    const used = this.closedBytes + bytes.reduce((sum, each) => sum + each, 0);
    this.samples = [...this.samples.filter((sample) => now - sample.at <= 10_000), { at: now, bytes: used }];
    return { used, perHour: bytesPerHour(this.samples, now) };
  }
}
