/** Below this level (0-1 RMS) nobody is speaking. */
const speakingLevel = 0.02;
const sampleEveryMs = 250;

/**
 * Who is speaking loudest now, from WebAudio levels of each person's audio (local and remote). The
 * speaker changes only when someone else is clearly louder, so the highlight does not flicker.
 */
export class SpeakerDetector {
  private context: AudioContext | null = null;
  private readonly sources = new Map<
    string,
    { analyser: AnalyserNode; node: MediaStreamAudioSourceNode; trackId: string }
  >();
  private timer: number | null = null;
  private current: string | null = null;

  constructor(private readonly onSpeaker: (id: string | null) => void) {}

  /** Follows this person's audio track (or stops following when it is gone). */
  track(id: string, stream: MediaStream | null): void {
    const track = stream?.getAudioTracks()[0];
    const existing = this.sources.get(id);
    if (existing && existing.trackId === track?.id) return;
    if (existing) {
      existing.node.disconnect();
      this.sources.delete(id);
    }
    if (!track || !stream) return;
    const context = this.ensureContext();
    if (!context) return;
    const node = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    node.connect(analyser);
    this.sources.set(id, { analyser, node, trackId: track.id });
  }

  forget(id: string): void {
    this.track(id, null);
  }

  stop(): void {
    if (this.timer !== null) window.clearInterval(this.timer);
    this.timer = null;
    for (const source of this.sources.values()) source.node.disconnect();
    this.sources.clear();
    void this.context?.close().catch(() => {});
    this.context = null;
  }

  private ensureContext(): AudioContext | null {
    if (this.context) return this.context;
    if (typeof AudioContext === 'undefined') return null;
    this.context = new AudioContext();
    // Resumes once the page may play sound (a click on the page).
    const resume = () => void this.context?.resume().catch(() => {});
    resume();
    window.addEventListener('pointerdown', resume, { once: true });
    this.timer = window.setInterval(() => this.sample(), sampleEveryMs);
    return this.context;
  }

  private sample(): void {
    let loudest: string | null = null;
    let loudestLevel = speakingLevel;
    let currentLevel = 0;
    const samples = new Float32Array(512);
    for (const [id, { analyser }] of this.sources) {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const value of samples) sum += value * value;
      const level = Math.sqrt(sum / samples.length);
      if (id === this.current) currentLevel = level;
      if (level > loudestLevel) {
        loudest = id;
        loudestLevel = level;
      }
    }
    // The one speaking keeps the highlight unless someone is clearly louder.
    if (loudest !== null && currentLevel >= speakingLevel && currentLevel * 1.5 >= loudestLevel) {
      loudest = this.current;
    }
    if (loudest !== this.current) {
      this.current = loudest;
      this.onSpeaker(loudest);
    }
  }
}
