import {
  type PrecheckVerdict,
  precheckVerdict,
  remoteTileWidth,
  senderCapsFor,
  sfuSubstreamFor,
  type VideoLevel,
} from '@myprosper/contract/call-data';
import {
  type CallTicket,
  callMessages,
  callWarningText,
  feedIdOf,
  maxRemoteTiles,
  type RosterEntry,
  type ServerMessage,
  type SfuAccess,
} from '@myprosper/contract/calls';
import { getCallTicket, startSession } from '../api/calls-api.ts';
import { DataMeter } from './data-meter.ts';
import { initialDataSaver, rememberDataSaver } from './data-saver.ts';
import { JanusLink } from './janus-link.ts';
import {
  acquireLocalMedia,
  acquireTrack,
  cameraConstraints,
  type DeviceChoice,
  listDevices,
} from './local-media.ts';
import { checkNetwork } from './network-check.ts';
import { PeerLink, type PeerStats } from './peer-link.ts';
import { SignalingClient, type SignalingState } from './signaling-client.ts';
import { SpeakerDetector } from './speaker-detector.ts';

/** loading → ready (the check before joining) → connecting → waiting or in-call → ended. */
export type CallPhase = 'loading' | 'ready' | 'waiting' | 'connecting' | 'in-call' | 'ended';

export interface RemotePerson extends RosterEntry {
  stream: MediaStream | null;
  connectionState: RTCPeerConnectionState | 'new';
}

export interface CallSnapshot {
  phase: CallPhase;
  /** Why the call ended or could not start. */
  endMessage: string | null;
  room: CallTicket['room'] | null;
  me: RosterEntry | null;
  remotes: RemotePerson[];
  localStream: MediaStream | null;
  hasAudio: boolean;
  hasVideo: boolean;
  audioMuted: boolean;
  videoOff: boolean;
  mediaProblem: string | null;
  signaling: SignalingState;
  /** Participant id of the loudest person now; 'local' for oneself. */
  activeSpeaker: string | null;
  warning: string | null;
  /** Server clock minus this browser's (ms), for the countdown. */
  clockOffset: number;
  cameras: DeviceChoice[];
  microphones: DeviceChoice[];
  cameraId: string | null;
  microphoneId: string | null;
  /** Data-saver mode: audio first, small video, Opus DTX (issue 22). */
  dataSaver: boolean;
  /** Bytes this device sent and received in this call so far, and the rate an hour now (null until known). */
  dataUsed: number;
  dataPerHour: number | null;
  /** The lowest video any connection of this device sends now for a weak network ('full': none lowered). */
  adaptation: VideoLevel;
  /** The check before joining: null while it runs, then its verdict. */
  precheck: PrecheckVerdict | null;
}

const initial: CallSnapshot = {
  phase: 'loading',
  endMessage: null,
  room: null,
  me: null,
  remotes: [],
  localStream: null,
  hasAudio: false,
  hasVideo: false,
  audioMuted: false,
  videoOff: false,
  mediaProblem: null,
  signaling: 'connecting',
  activeSpeaker: null,
  warning: null,
  clockOffset: 0,
  cameras: [],
  microphones: [],
  cameraId: null,
  microphoneId: null,
  dataSaver: false,
  dataUsed: 0,
  dataPerHour: null,
  adaptation: 'full',
  precheck: null,
};

/** How often the data meter reads the connections' counters. */
const meterEveryMs = 2_000;

/**
 * One person's call, outside React: the ticket, the mentor's start, camera and microphone, the signaling
 * socket, and one PeerLink per remote person, kept in step with the server's roster. React reads it through
 * subscribe/getSnapshot.
 */
export class CallController {
  private snapshot: CallSnapshot = initial;
  private readonly listeners = new Set<() => void>();
  private readonly links = new Map<string, PeerLink>();
  private roster: RosterEntry[] = [];
  private rosterVersion = 0;
  private signaling: SignalingClient | null = null;
  private ticket: CallTicket | null = null;
  private audio: MediaStreamTrack | null = null;
  private video: MediaStreamTrack | null = null;
  private readonly stream = new MediaStream();
  private readonly speakers = new SpeakerDetector((id) => this.update({ activeSpeaker: id }));
  private isDisposed = false;
  /** STUN/TURN of the newest ticket (TURN credentials last until the call closes). */
  private iceServers: RTCIceServer[] = [];
  private readonly meter = new DataMeter();
  private meterTimer: number | null = null;
  /** A group call's media through the SFU (Janus); null: the mesh's PeerLinks. */
  private janus: JanusLink | null = null;
  /** The SFU failed on this page: it meets everyone in the mesh from then on. */
  private sfuFailed = false;
  /** How to reach the SFU, from the join's answer (a group call where Janus answered the API). */
  private sfuAccess: SfuAccess | null = null;
  private readonly onResize = () => this.chooseLayers();

  constructor(private readonly sessionId: number) {
    this.snapshot = { ...initial, dataSaver: initialDataSaver() };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CallSnapshot => this.snapshot;

  /**
   * Before joining: the ticket (a refusal ends here, with its reason), camera and microphone (shown, and
   * chosen in Devices), and a short test call through the call's STUN/TURN servers with its verdict. The person
   * then joins (join()).
   */
  async start(): Promise<void> {
    try {
      const ticket = await getCallTicket(this.sessionId);
      if (this.isDisposed) return;
      this.ticket = ticket;
      this.iceServers = ticket.iceServers;
      this.update({ room: ticket.room });
      const media = await acquireLocalMedia({}, { audioFirst: this.snapshot.dataSaver });
      if (this.isDisposed) {
        for (const track of media.stream.getTracks()) track.stop();
        return;
      }
      this.audio = media.audio;
      this.video = media.video;
      for (const track of media.stream.getTracks()) this.stream.addTrack(track);
      this.speakers.track('local', this.stream);
      const devices = await listDevices();
      this.update({
        phase: 'ready',
        localStream: this.stream,
        hasAudio: Boolean(this.audio),
        hasVideo: Boolean(this.video),
        videoOff: !this.video,
        mediaProblem: media.problem,
        cameras: devices.cameras,
        microphones: devices.microphones,
        cameraId: this.video?.getSettings().deviceId ?? null,
        microphoneId: this.audio?.getSettings().deviceId ?? null,
      });
      const tracks = [this.audio, this.video].filter((t): t is MediaStreamTrack => t !== null);
      const check = await checkNetwork(this.iceServers, tracks).catch(() => null);
      this.update({ precheck: precheckVerdict(check) });
    } catch (error) {
      this.end(error instanceof Error ? error.message : callMessages.ended);
    }
  }

  /** Joins the call from the check before it: the mentor starts the session first when it has not started. */
  async join(): Promise<void> {
    if (this.snapshot.phase !== 'ready') return;
    this.update({ phase: 'connecting' });
    try {
      const room = this.snapshot.room;
      if (room && room.you.role === 'ADVISOR' && room.callStatus === 'NOT_STARTED') {
        await startSession({ sessionId: this.sessionId, advisorId: room.you.userId });
      }
      if (this.isDisposed) return;
      this.connect();
      this.meterTimer = window.setInterval(() => void this.readMeter(), meterEveryMs);
    } catch (error) {
      this.end(error instanceof Error ? error.message : callMessages.ended);
    }
  }

  private connect(): void {
    this.signaling = new SignalingClient({
      getTicket: async () => {
        const ticket = this.ticket;
        // The first ticket is used while fresh; every reconnection asks for a new one.
        if (ticket && new Date(ticket.expiresAt).getTime() - Date.now() > 10_000) {
          this.ticket = null;
          return ticket;
        }
        const fresh = await getCallTicket(this.sessionId);
        this.iceServers = fresh.iceServers;
        return fresh;
      },
      onMessage: (message) => this.onMessage(message),
      onState: (signaling) => this.update({ signaling }),
      onFatal: (message) => this.end(message),
    });
    this.signaling.start();
  }

  private onMessage(message: ServerMessage): void {
    if (this.isDisposed) return;
    switch (message.type) {
      case 'joined':
        this.update({ me: message.you, clockOffset: message.serverTime - Date.now() });
        this.sfuAccess = message.sfu ?? null;
        this.sendMuteState();
        return;
      case 'roster':
        if (message.version <= this.rosterVersion) return;
        this.rosterVersion = message.version;
        this.roster = message.participants;
        this.janus?.recheckFeeds();
        if (message.callStatus === 'STARTED') {
          // Media flows once the mentor started the call: through the SFU when the join offered it.
          if (this.sfuAccess && !this.janus && !this.sfuFailed) this.startJanus(this.sfuAccess);
          this.reconcileLinks();
        }
        this.update({ phase: message.callStatus === 'STARTED' ? 'in-call' : 'waiting' });
        this.refreshRemotes();
        return;
      case 'signal': {
        const link = this.links.get(message.from) ?? this.createLink(message.from);
        link?.receive(message.seq, message.data);
        return;
      }
      case 'warning':
        this.update({ warning: callWarningText(message, Date.now() + this.snapshot.clockOffset) });
        return;
      case 'session-ended':
        this.end(message.message);
        return;
      default:
        return;
    }
  }

  /**
   * One link per remote person in the roster; links of people gone are closed. Through the SFU no link is
   * made here: only a page that fell back to the mesh (its signal arrives) gets one.
   */
  private reconcileLinks(): void {
    const me = this.snapshot.me?.participantId;
    const remoteIds = new Set(this.roster.filter((p) => p.participantId !== me).map((p) => p.participantId));
    for (const [id, link] of this.links) {
      if (!remoteIds.has(id)) {
        this.closeLink(id, link);
        this.speakers.forget(id);
      }
    }
    if (!this.janus) for (const id of remoteIds) if (!this.links.has(id)) this.createLink(id);
    this.applyCaps();
  }

  /** The group call goes through the SFU; if it cannot be reached (or fails later), through the mesh. */
  private startJanus(access: SfuAccess): void {
    const janus = new JanusLink({
      access,
      iceServers: this.iceServers,
      getTracks: () => [this.audio, this.video].filter((t): t is MediaStreamTrack => t !== null),
      dataSaver: () => this.snapshot.dataSaver,
      onChange: () => this.refreshRemotes(),
      feedCheckOf: (feedId) =>
        this.roster.find((person) => feedIdOf(person.participantId) === feedId)?.feedCheck,
      onFailed: (reason) => {
        console.warn(`call: the SFU failed (${reason}); meeting everyone in the mesh`);
        if (this.janus !== janus) return;
        this.meter.closed(janus);
        this.janus = null;
        this.sfuFailed = true;
        if (this.snapshot.phase === 'in-call') this.reconcileLinks();
        this.refreshRemotes();
      },
    });
    this.janus = janus;
    window.addEventListener('resize', this.onResize);
    void janus.start();
  }

  /** Each remote tile asks the SFU for the layer its size needs (the small one with the data saver on). */
  private chooseLayers(): void {
    const janus = this.janus;
    if (!janus) return;
    const remotes = this.snapshot.remotes.slice(0, maxRemoteTiles);
    const tileWidth = remoteTileWidth(window.innerWidth, window.innerHeight, remotes.length);
    const substream = sfuSubstreamFor({
      tileWidth,
      dataSaver: this.snapshot.dataSaver,
      weak: this.snapshot.adaptation !== 'full',
    });
    for (const person of remotes) janus.setSubstream(feedIdOf(person.participantId), substream);
  }

  /**
   * Every connection's video limits for the room's size, from the camera's size now: small where this side's
   * data saver is on, or the other side's (each pays for what it receives).
   */
  private applyCaps(): void {
    for (const link of this.links.values()) void link.setCaps(this.capsFor(link));
  }

  private capsFor(link: PeerLink) {
    const people = this.roster.filter((p) => p.participantId !== this.snapshot.me?.participantId).length + 1;
    const low = this.snapshot.dataSaver || link.remoteWantsLowVideo || link.level !== 'full';
    return senderCapsFor(people, low, this.video?.getSettings().height ?? null);
  }

  private closeLink(id: string, link: PeerLink): void {
    this.meter.closed(link);
    link.close();
    this.links.delete(id);
  }

  /**
   * Every few seconds: each connection adapts its video to its network, and the meter reads the bytes of every
   * connection, open or closed, and the rate over the last seconds.
   */
  private async readMeter(): Promise<void> {
    const links = [...this.links.values()];
    const metered = this.janus ? [...links, this.janus] : links;
    const changed = await Promise.all(links.map((link) => link.adapt(Date.now()).catch(() => false)));
    if (changed.some(Boolean)) this.applyCaps();
    const janusChanged = (await this.janus?.adapt(Date.now()).catch(() => false)) ?? false;
    const levels = [...links, ...(this.janus ? [this.janus] : [])].map((link) => link.level);
    const adaptation = levels.includes('audio') ? 'audio' : levels.includes('low') ? 'low' : 'full';
    if (adaptation !== this.snapshot.adaptation) this.update({ adaptation });
    // A weak upload asks the SFU for the small layers of the others too.
    if (janusChanged) this.chooseLayers();
    const { used, perHour } = await this.meter.read(metered);
    this.update({ dataUsed: used, dataPerHour: perHour });
  }

  private createLink(remoteId: string): PeerLink | null {
    const me = this.snapshot.me?.participantId;
    if (!me || remoteId === me) return null;
    const link = new PeerLink({
      ownId: me,
      remoteId,
      iceServers: this.iceServers,
      getTracks: () => [this.audio, this.video].filter((t): t is MediaStreamTrack => t !== null),
      stream: this.stream,
      sendSignal: (data, seq) => this.signaling?.send({ type: 'signal', to: remoteId, seq, data }),
      onChange: () => this.refreshRemotes(),
      usesDtx: () => this.snapshot.dataSaver,
      wantsLowVideo: () => this.snapshot.dataSaver,
      onRemoteWish: () => this.applyCaps(),
    });
    this.links.set(remoteId, link);
    // Capped from its first moment, even when it was made for a signal before the roster named the person.
    void link.setCaps(this.capsFor(link));
    return link;
  }

  private refreshRemotes(): void {
    const me = this.snapshot.me?.participantId;
    const remotes = this.roster
      .filter((p) => p.participantId !== me)
      .map((person) => {
        const link = this.links.get(person.participantId);
        const feedId = feedIdOf(person.participantId);
        const stream =
          link && link.remoteStream.getTracks().length > 0
            ? link.remoteStream
            : (this.janus?.streamOf(feedId) ?? null);
        if (link || this.janus) this.speakers.track(person.participantId, stream);
        const connectionState =
          link?.connectionState ?? this.janus?.connectionStateOf(feedId) ?? ('new' as const);
        return { ...person, stream, connectionState };
      });
    this.update({ remotes });
    this.chooseLayers();
  }

  async toggleAudio(): Promise<void> {
    if (!this.audio) {
      const track = await acquireTrack('audio', this.snapshot.microphoneId ?? undefined);
      if (!track) {
        this.update({ mediaProblem: callMessages.microphoneUnavailable });
        return;
      }
      await this.sendTrack('audio', track);
      this.update({ audioMuted: false, hasAudio: true, mediaProblem: null });
    } else {
      this.audio.enabled = !this.audio.enabled;
      this.update({ audioMuted: !this.audio.enabled });
    }
    this.sendMuteState();
  }

  async toggleVideo(): Promise<void> {
    if (this.video) {
      const old = this.video;
      this.video = null;
      this.stream.removeTrack(old);
      old.stop();
      await Promise.all([...this.links.values()].map((link) => link.setTrack('video', null)));
      await this.janus?.setTrack('video', null);
      this.update({ videoOff: true, hasVideo: false });
    } else {
      const track = await acquireTrack('video', this.snapshot.cameraId ?? undefined, this.snapshot.dataSaver);
      if (!track) {
        this.update({ mediaProblem: callMessages.cameraUnavailable });
        return;
      }
      await this.sendTrack('video', track);
      this.update({ videoOff: false, hasVideo: true, mediaProblem: null });
    }
    this.sendMuteState();
  }

  async selectCamera(deviceId: string): Promise<void> {
    this.update({ cameraId: deviceId });
    if (!this.video) return;
    const track = await acquireTrack('video', deviceId, this.snapshot.dataSaver);
    if (track) await this.sendTrack('video', track);
  }

  /**
   * The data saver switch, before or during the call: on turns the camera off (audio first; it comes back small
   * when turned on) and caps every connection's video; off restores the camera's full size. Kept for this
   * device's next calls.
   */
  async setDataSaver(on: boolean): Promise<void> {
    if (on === this.snapshot.dataSaver) return;
    rememberDataSaver(on);
    this.update({ dataSaver: on });
    for (const link of this.links.values()) link.tellVideoWish(on);
    if (on && this.video) {
      await this.toggleVideo();
    } else if (!on && this.video) {
      await this.video.applyConstraints(cameraConstraints(false)).catch(() => undefined);
    }
    this.applyCaps();
    await this.janus?.applyDataSaver();
    this.chooseLayers();
  }

  async selectMicrophone(deviceId: string): Promise<void> {
    this.update({ microphoneId: deviceId });
    if (!this.audio) return;
    const track = await acquireTrack('audio', deviceId);
    if (!track) return;
    track.enabled = !this.snapshot.audioMuted;
    await this.sendTrack('audio', track);
  }

  /** Sends this track from now on (instead of the old one of its kind, which stops). */
  private async sendTrack(kind: 'audio' | 'video', track: MediaStreamTrack): Promise<void> {
    const old = kind === 'audio' ? this.audio : this.video;
    if (old) {
      this.stream.removeTrack(old);
      old.stop();
    }
    this.stream.addTrack(track);
    if (kind === 'audio') this.audio = track;
    else this.video = track;
    await Promise.all([...this.links.values()].map((link) => link.setTrack(kind, track)));
    await this.janus?.setTrack(kind, track);
    if (kind === 'video') this.applyCaps();
    if (kind === 'audio') this.speakers.track('local', this.stream);
    this.update({ localStream: this.stream });
  }

  private sendMuteState(): void {
    this.signaling?.send({
      type: 'mute-state',
      audioMuted: this.snapshot.audioMuted || !this.audio,
      videoOff: this.snapshot.videoOff || !this.video,
    });
  }

  leave(): void {
    this.signaling?.leave();
    this.end(null);
  }

  /** The call closed for this page (ended, refused, left): media and connections are let go. */
  private end(message: string | null): void {
    this.teardown();
    this.update({ phase: 'ended', endMessage: message, remotes: [], signaling: 'closed' });
  }

  private teardown(): void {
    if (this.meterTimer !== null) window.clearInterval(this.meterTimer);
    this.meterTimer = null;
    this.signaling?.stop();
    this.signaling = null;
    for (const link of this.links.values()) link.close();
    this.links.clear();
    this.janus?.close();
    this.janus = null;
    window.removeEventListener('resize', this.onResize);
    for (const track of this.stream.getTracks()) track.stop();
    this.speakers.stop();
  }

  dispose(): void {
    if (this.isDisposed) return;
    this.signaling?.leave();
    this.isDisposed = true;
    this.teardown();
    this.listeners.clear();
  }

  /** What each remote connection receives (tests read it through window.__myprosperCall). */
  async stats(): Promise<Array<{ participantId: string; name: string; via: 'mesh' | 'sfu' } & PeerStats>> {
    const me = this.snapshot.me?.participantId;
    const janus = this.janus;
    return Promise.all(
      this.roster
        .filter((p) => p.participantId !== me && (this.links.has(p.participantId) || janus))
        .map(async (p) => {
          const link = this.links.get(p.participantId);
          return {
            participantId: p.participantId,
            name: p.name,
            via: link ? ('mesh' as const) : ('sfu' as const),
            ...(link ? await link.stats() : await janus!.statsOf(feedIdOf(p.participantId))),
          };
        }),
    );
  }

  /** Bytes this page sent so far over all its connections, mesh and SFU (the benchmark's upload). */
  async bytesSent(): Promise<number> {
    const mesh = await Promise.all(
      [...this.links.values()].map(async (link) => (await link.stats()).bytesSent),
    );
    return mesh.reduce((sum, each) => sum + each, 0) + (this.janus ? await this.janus.bytesSent() : 0);
  }

  /** The layers this page publishes to the SFU (tests and the benchmark read it); [] in the mesh. */
  async publishedLayers(): Promise<Array<{ rid: string; frameWidth: number; bytesSent: number }>> {
    return this.janus ? this.janus.publishedLayers() : [];
  }

  private update(patch: Partial<CallSnapshot>): void {
    if (this.isDisposed) return;
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
