import { type VideoLevel, withDataSaverOpus } from '@myprosper/contract/call-data';
import { isPolite, type SenderCaps, type SignalData } from '@myprosper/contract/calls';
import { reportedQuality, VideoAdaptation } from './video-adaptation.ts';

export interface PeerLinkOptions {
  ownId: string;
  remoteId: string;
  iceServers: RTCIceServer[];
  /** The tracks to send now (the camera may be missing: audio only). */
  getTracks(): MediaStreamTrack[];
  stream: MediaStream;
  sendSignal(data: SignalData, seq: number): void;
  onChange(): void;
  /** Whether this side's Opus sends next to nothing in silences (DTX): the data saver's. */
  usesDtx(): boolean;
  /** Whether this side wants small video (its data saver): told to the other side, whose sender caps it. */
  wantsLowVideo(): boolean;
  /** The other side said which video it wants. */
  onRemoteWish(): void;
}

export interface PeerStats {
  connectionState: RTCPeerConnectionState;
  signalingState: RTCSignalingState;
  /** Signals sent and received so far (negotiation health). */
  signalsOut: number;
  signalsIn: number;
  descriptions: string;
  polite: boolean;
  framesDecoded: number;
  frameWidth: number;
  audioPacketsReceived: number;
  /** The cap on the video this side sends on this connection (bits a second); null when uncapped. */
  videoMaxBitrate: number | null;
  /** What this connection sends for its network now (adaptation). */
  level: VideoLevel;
  /** The round trip the other side reports (seconds), 0 before any report. */
  roundTripTime: number;
  /** The width of the video this side sends, and what limits it ('none', 'bandwidth', 'cpu'). */
  sentFrameWidth: number;
  qualityLimitation: string;
  /** Bytes this side sent and received on this connection so far (the transport's counters). */
  bytesSent: number;
  bytesReceived: number;
}

/** A 'disconnected' connection that stays so this long gets an ICE restart ('failed' can take 30 s). */
const disconnectedGraceMs = 5_000;
/** The polite side waits this long for the other side's first offer before offering itself. */
const firstOfferWaitMs = 3_000;
/** A connection negotiated but still not connecting after this long starts ICE again. */
const stuckAfterMs = 8_000;

/**
 * One RTCPeerConnection to one remote person, negotiated with the perfect-negotiation pattern: either side
 * may offer at any time; on a collision the polite side (the greater participant id) gives way. Incoming
 * signals are handled strictly in order, and any sequence number already passed is dropped as stale.
 */
export class PeerLink {
  readonly remoteId: string;
  readonly remoteStream = new MediaStream();
  private readonly pc: RTCPeerConnection;
  private readonly polite: boolean;
  private makingOffer = false;
  private ignoreOffer = false;
  private isSettingRemoteAnswerPending = false;
  private queue: Promise<void> = Promise.resolve();
  private lastSeqIn = 0;
  private seqOut = 0;
  private disconnectedTimer: number | null = null;
  private caps: SenderCaps | null = null;
  private isClosed = false;
  private isSending = false;
  private readonly timers: number[] = [];
  private lastNudgeAt = Date.now();
  /** The other side wants small video (its data saver is on). */
  remoteWantsLowVideo = false;
  /** What this connection's network carries (adapted from its loss and round trips). */
  private readonly adaptation = new VideoAdaptation();
  /** Bytes sent and received so far on this connection, as last read (kept once it closes). */
  private bytesSoFar = 0;

  constructor(private readonly options: PeerLinkOptions) {
    this.remoteId = options.remoteId;
    this.polite = isPolite(options.ownId, options.remoteId);
    this.pc = new RTCPeerConnection({ iceServers: options.iceServers });
    this.pc.ontrack = ({ track }) => {
      for (const old of this.remoteStream.getTracks()) {
        if (old.kind === track.kind && old.id !== track.id) this.remoteStream.removeTrack(old);
      }
      if (!this.remoteStream.getTrackById(track.id)) this.remoteStream.addTrack(track);
      track.onunmute = () => options.onChange();
      options.onChange();
    };
    this.pc.onicecandidate = ({ candidate }) => {
      if (!candidate) return;
      const json = candidate.toJSON();
      this.signal({
        candidate: {
          candidate: json.candidate ?? '',
          sdpMid: json.sdpMid ?? null,
          sdpMLineIndex: json.sdpMLineIndex ?? null,
          usernameFragment: json.usernameFragment ?? null,
        },
      });
    };
    this.pc.onnegotiationneeded = () => void this.offer();
    this.pc.oniceconnectionstatechange = () => this.watchIce();
    this.pc.onconnectionstatechange = () => {
      if (this.pc.connectionState === 'connected') void this.applyCaps();
      options.onChange();
    };
    // The first offer comes from the impolite side: the polite one adds its tracks to its answer (or offers
    // itself if nothing came). Two first offers at once (glare) are sorted out by perfect negotiation, but
    // Chromium sometimes gathers no candidates for an answer made right after rolling its own offer back.
    if (options.wantsLowVideo()) this.signal({ video: { low: true } });
    if (!this.polite) this.startSending();
    else this.timers.push(window.setTimeout(() => this.startSending(), firstOfferWaitMs));
    this.timers.push(window.setInterval(() => this.nudgeIfStuck(), 2_000));
  }

  private startSending(): void {
    if (this.isSending || this.isClosed) return;
    this.isSending = true;
    for (const track of this.options.getTracks()) this.pc.addTrack(track, this.options.stream);
  }

  /**
   * A connection that does not come up is pushed again every `stuckAfterMs`. Negotiated, yet ICE never started
   * (lost candidates) or failed: ICE starts again with fresh credentials. Failed or disconnected with an offer of
   * ours still unanswered: the same offer again, since it may have been sent while either side had no network (issue 22: a 30-second drop)
   * and never arrived; on a collision perfect negotiation sorts it out, as for any offer.
   */
  private nudgeIfStuck(): void {
    const state = this.pc.connectionState;
    if (state === 'connected' || !this.isSending) {
      this.lastNudgeAt = Date.now();
      return;
    }
    if (Date.now() - this.lastNudgeAt < stuckAfterMs) return;
    const signaling = this.pc.signalingState;
    if (signaling === 'stable' && (state === 'new' || state === 'failed')) {
      this.lastNudgeAt = Date.now();
      this.pc.restartIce();
    } else if (
      signaling === 'have-local-offer' &&
      (state === 'failed' || state === 'disconnected') &&
      !this.makingOffer &&
      this.pc.localDescription
    ) {
      this.lastNudgeAt = Date.now();
      this.signal({ description: descriptionOf(this.pc.localDescription) });
    }
  }

  get connectionState(): RTCPeerConnectionState {
    return this.pc.connectionState;
  }

  /** A signal from the remote person, in order; a sequence number already passed is stale. */
  receive(seq: number, data: SignalData): void {
    if (seq <= this.lastSeqIn) return;
    this.lastSeqIn = seq;
    this.queue = this.queue
      .then(() => this.handle(data))
      .catch((error: unknown) => {
        console.warn('call: a signal could not be applied', error);
      });
  }

  /** Sends this track instead of the current one of its kind (device switch, camera back on), or adds it. */
  async setTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void> {
    if (!this.isSending) return; // its tracks are read when it starts sending
    if (kind === 'video' && this.adaptation.level === 'audio') return; // read again when video comes back
    const sender = this.pc
      .getSenders()
      .find((s) => s.track?.kind === kind || senderKind(this.pc, s) === kind);
    if (sender) {
      await sender.replaceTrack(track);
      // A transceiver made for the other side's offer only receives (this side started without a camera):
      // it sends from now on, which negotiates again.
      const transceiver = this.pc.getTransceivers().find((t) => t.sender === sender);
      if (
        track &&
        transceiver &&
        (transceiver.direction === 'recvonly' || transceiver.direction === 'inactive')
      ) {
        sender.setStreams(this.options.stream);
        transceiver.direction = transceiver.direction === 'recvonly' ? 'sendrecv' : 'sendonly';
      }
      if (kind === 'video') await this.applyCaps();
      return;
    }
    if (track) this.pc.addTrack(track, this.options.stream);
  }

  /** Tells the other side which video this side wants now (the data saver switched). */
  tellVideoWish(low: boolean): void {
    this.signal({ video: { low } });
  }

  /** Outgoing video limits for the room's size (none for two people). */
  async setCaps(caps: SenderCaps | null): Promise<void> {
    this.caps = caps;
    await this.applyCaps();
  }

  async stats(): Promise<PeerStats> {
    const result: PeerStats = {
      connectionState: this.pc.connectionState,
      signalingState: this.pc.signalingState,
      signalsOut: this.seqOut,
      signalsIn: this.lastSeqIn,
      descriptions: `${this.pc.localDescription?.type ?? '-'}/${this.pc.remoteDescription?.type ?? '-'}`,
      polite: this.polite,
      framesDecoded: 0,
      frameWidth: 0,
      audioPacketsReceived: 0,
      videoMaxBitrate: null,
      level: this.adaptation.level,
      roundTripTime: 0,
      sentFrameWidth: 0,
      qualityLimitation: 'none',
      bytesSent: 0,
      bytesReceived: 0,
    };
    const video = this.pc.getSenders().find((s) => s.track?.kind === 'video');
    result.videoMaxBitrate = video?.getParameters().encodings?.[0]?.maxBitrate ?? null;
    const report = await this.pc.getStats();
    report.forEach((entry: { type: string; kind?: string } & Record<string, unknown>) => {
      if (entry.type === 'transport') {
        result.bytesSent += Number(entry.bytesSent ?? 0);
        result.bytesReceived += Number(entry.bytesReceived ?? 0);
      }
      if (entry.type === 'outbound-rtp' && entry.kind === 'video') {
        result.sentFrameWidth = Math.max(result.sentFrameWidth, Number(entry.frameWidth ?? 0));
        result.qualityLimitation = String(entry.qualityLimitationReason ?? 'none');
      }
      if (entry.type === 'remote-inbound-rtp') {
        result.roundTripTime = Math.max(result.roundTripTime, Number(entry.roundTripTime ?? 0));
      }
      if (entry.type !== 'inbound-rtp') return;
      if (entry.kind === 'video') {
        result.framesDecoded += Number(entry.framesDecoded ?? 0);
        result.frameWidth = Math.max(result.frameWidth, Number(entry.frameWidth ?? 0));
      } else if (entry.kind === 'audio') {
        result.audioPacketsReceived += Number(entry.packetsReceived ?? 0);
      }
    });
    return result;
  }

  /**
   * Reads this connection's loss and round trip (what the other side reports of what it receives) and steps
   * its video down or up when the network has been weak, or good, long enough. Answers whether it changed.
   */
  async adapt(now: number): Promise<boolean> {
    if (this.isClosed || this.pc.connectionState !== 'connected') return false;
    const quality = reportedQuality(await this.pc.getStats());
    if (!quality) return false;
    const wasAudio = this.adaptation.level === 'audio';
    const level = this.adaptation.step(now, quality);
    if (level === null) return false;
    if (wasAudio || level === 'audio') await this.sendVideo(level !== 'audio');
    return true;
  }

  /** What this connection's network carries now. */
  get level(): VideoLevel {
    return this.adaptation.level;
  }

  /** Sends the camera on this connection again, or stops sending any video on it (audio only). */
  private async sendVideo(on: boolean): Promise<void> {
    const sender = this.pc
      .getSenders()
      .find((s) => s.track?.kind === 'video' || senderKind(this.pc, s) === 'video');
    if (!sender) return;
    const camera = this.options.getTracks().find((track) => track.kind === 'video') ?? null;
    await sender.replaceTrack(on ? camera : null);
    if (on) await this.applyCaps();
  }

  /** The bytes of the last reading (the meter reads every few seconds). */
  get lastBytes(): number {
    return this.bytesSoFar;
  }

  /**
   * Bytes this device sent and received on this connection so far (media, candidates and all, from the
   * transport's counters); the last reading once closed.
   */
  async bytes(): Promise<number> {
    if (this.isClosed) return this.bytesSoFar;
    let total = 0;
    const report = await this.pc.getStats();
    report.forEach((entry: { type: string } & Record<string, unknown>) => {
      if (entry.type === 'transport')
        total += Number(entry.bytesSent ?? 0) + Number(entry.bytesReceived ?? 0);
    });
    this.bytesSoFar = Math.max(this.bytesSoFar, total);
    return this.bytesSoFar;
  }

  close(): void {
    this.isClosed = true;
    if (this.disconnectedTimer !== null) window.clearTimeout(this.disconnectedTimer);
    for (const timer of this.timers) window.clearTimeout(timer);
    this.pc.close();
    for (const track of this.remoteStream.getTracks()) this.remoteStream.removeTrack(track);
  }

  private signal(data: SignalData): void {
    if (this.isClosed) return;
    this.seqOut += 1;
    this.options.sendSignal(data, this.seqOut);
  }

  private async offer(): Promise<void> {
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      if (this.pc.localDescription) this.signal({ description: descriptionOf(this.pc.localDescription) });
    } catch (error) {
      console.warn('call: an offer could not be made', error);
    } finally {
      this.makingOffer = false;
    }
  }

  private async handle(data: SignalData): Promise<void> {
    if (this.isClosed) return;
    if ('video' in data) {
      this.remoteWantsLowVideo = data.video.low;
      this.options.onRemoteWish();
      return;
    }
    if ('description' in data) {
      const description = data.description;
      const isReadyForOffer =
        !this.makingOffer && (this.pc.signalingState === 'stable' || this.isSettingRemoteAnswerPending);
      const isCollision = description.type === 'offer' && !isReadyForOffer;
      this.ignoreOffer = !this.polite && isCollision;
      if (this.ignoreOffer) return;
      // Tracks added before the offer is applied ride on its m-lines: the answer sends them.
      if (description.type === 'offer') this.startSending();
      this.isSettingRemoteAnswerPending = description.type === 'answer';
      // In data-saver mode the other side's description asks this side's Opus encoder for DTX, 20 kbit/s and
      // 40 ms packets.
      const sdp =
        description.sdp && this.options.usesDtx() ? withDataSaverOpus(description.sdp) : description.sdp;
      await this.pc.setRemoteDescription({ type: description.type, sdp } as RTCSessionDescriptionInit);
      this.isSettingRemoteAnswerPending = false;
      if (description.type === 'offer') {
        await this.pc.setLocalDescription();
        if (this.pc.localDescription) this.signal({ description: descriptionOf(this.pc.localDescription) });
      }
      return;
    }
    try {
      await this.pc.addIceCandidate(data.candidate as RTCIceCandidateInit);
    } catch (error) {
      if (!this.ignoreOffer) throw error;
    }
  }

  /** ICE restart on failure, and after a disconnection that lasts. */
  private watchIce(): void {
    const state = this.pc.iceConnectionState;
    if (state === 'failed') {
      this.pc.restartIce();
    } else if (state === 'disconnected') {
      if (this.disconnectedTimer === null) {
        this.disconnectedTimer = window.setTimeout(() => {
          this.disconnectedTimer = null;
          if (!this.isClosed && this.pc.iceConnectionState === 'disconnected') this.pc.restartIce();
        }, disconnectedGraceMs);
      }
    } else if (this.disconnectedTimer !== null) {
      window.clearTimeout(this.disconnectedTimer);
      this.disconnectedTimer = null;
    }
    this.options.onChange();
  }

  private async applyCaps(): Promise<void> {
    for (const sender of this.pc.getSenders()) {
      if (sender.track?.kind !== 'video') continue;
      const parameters = sender.getParameters();
      if (!parameters.encodings || parameters.encodings.length === 0) continue; // not negotiated yet
      for (const encoding of parameters.encodings) {
        if (this.caps) {
          encoding.maxBitrate = this.caps.maxBitrate;
          encoding.scaleResolutionDownBy = this.caps.scaleResolutionDownBy;
          encoding.maxFramerate = this.caps.maxFramerate;
        } else {
          delete encoding.maxBitrate;
          delete encoding.maxFramerate;
          encoding.scaleResolutionDownBy = 1;
        }
      }
      try {
        await sender.setParameters(parameters);
      } catch (error) {
        console.warn('call: video limits could not be set', error);
      }
    }
  }
}

function descriptionOf(description: RTCSessionDescription): {
  type: 'offer' | 'answer' | 'pranswer' | 'rollback';
  sdp?: string;
} {
  return { type: description.type, sdp: description.sdp };
}

/** The kind a sender was made for, even while it sends nothing (camera off). */
function senderKind(pc: RTCPeerConnection, sender: RTCRtpSender): string | null {
  const transceiver = pc.getTransceivers().find((t) => t.sender === sender);
  return transceiver?.receiver.track.kind ?? null;
}
