import { dataSaverVideo, type Substream, sfuLayers, type VideoLevel } from '@myprosper/contract/call-data';
import { isGenuineFeed, type SfuAccess } from '@myprosper/contract/calls';
import type { PeerStats } from './peer-link.ts';
import { reportedQuality, VideoAdaptation } from './video-adaptation.ts';

/**
 * A group call's media through the SFU: our own small client of Janus 1.1.2's VideoRoom over its WebSocket API
 * (docs/decisions/023-group-calls-through-janus.md). One socket and one Janus session (a keep-alive every 25
 * seconds; Janus drops a session after 60 quiet ones), two handles: `pub` publishes this page's microphone and
 * camera (the camera in three simulcast layers), `sub` receives every other publisher on one connection and
 * asks Janus for the layer each tile needs. Every request carries the page's token (Janus's token_auth); the
 * room's join carries it too (the room's allowed list). Janus's candidates come in its SDP, ours go by trickle.
 */

type Json = Record<string, unknown>;
type VideoRoomData = Json & { videoroom?: string; error_code?: number; error?: string };

interface JanusEvent {
  data: VideoRoomData;
  jsep?: RTCSessionDescriptionInit;
}

interface SubscriptionStream {
  mid: string;
  type: string;
  active?: boolean;
  feed_id?: number;
}

const keepAliveMs = 25_000;
const requestTimeoutMs = 10_000;
/** The publisher's connection must be up this long after joining, or the page falls back to the mesh. */
const connectWithinMs = 15_000;

export class JanusRefused extends Error {}

/** One WebSocket to Janus, one session on it: requests by transaction, events routed to their handle. */
class JanusSession {
  private readonly pending = new Map<string, { resolve(reply: Json): void; reject(error: Error): void }>();
  private readonly handlers = new Map<number, (event: JanusEvent) => void>();
  private sessionId = 0;
  private counter = 0;
  private keepAlive: number | null = null;
  onClose: () => void = () => {};

  private constructor(
    private readonly ws: WebSocket,
    private readonly token: string,
  ) {
    ws.onmessage = (message) => this.onMessage(String(message.data));
    ws.onclose = () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error('Janus closed the connection'));
      this.pending.clear();
      this.stopKeepAlive();
      this.onClose();
    };
  }

  static open(url: string, token: string): Promise<JanusSession> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, 'janus-protocol');
      const timer = window.setTimeout(() => {
        ws.close();
        reject(new Error('Janus did not answer'));
      }, requestTimeoutMs);
      ws.onopen = async () => {
        window.clearTimeout(timer);
        const session = new JanusSession(ws, token);
        try {
          const created = await session.request({ janus: 'create' });
          session.sessionId = (created.data as { id: number }).id;
          session.keepAlive = window.setInterval(() => {
            session.request({ janus: 'keepalive' }, true).catch(() => undefined);
          }, keepAliveMs);
          resolve(session);
        } catch (error) {
          ws.close();
          reject(error);
        }
      };
      ws.onerror = () => {
        window.clearTimeout(timer);
        reject(new Error('Janus could not be reached'));
      };
    });
  }

  private stopKeepAlive(): void {
    if (this.keepAlive !== null) window.clearInterval(this.keepAlive);
    this.keepAlive = null;
  }

  private onMessage(raw: string): void {
    let reply: Json;
    try {
      reply = JSON.parse(raw) as Json;
    } catch {
      return;
    }
    const transaction = typeof reply.transaction === 'string' ? reply.transaction : null;
    const waiting = transaction ? this.pending.get(transaction) : undefined;
    if (reply.janus === 'ack') {
      // A plugin request goes on to its event; a keep-alive or a trickle ends here.
      if (waiting && this.ackEnds.has(transaction!)) {
        this.pending.delete(transaction!);
        this.ackEnds.delete(transaction!);
        waiting.resolve(reply);
      }
      return;
    }
    if (waiting) {
      this.pending.delete(transaction!);
      this.ackEnds.delete(transaction!);
      if (reply.janus === 'error') {
        const error = (reply.error ?? {}) as { code?: number; reason?: string };
        waiting.reject(new JanusRefused(`Janus ${error.code}: ${error.reason}`));
      } else waiting.resolve(reply);
      return;
    }
    if (reply.janus === 'event' && typeof reply.sender === 'number') {
      const data = ((reply.plugindata as { data?: VideoRoomData } | undefined)?.data ?? {}) as VideoRoomData;
      this.handlers.get(reply.sender)?.({ data, jsep: reply.jsep as RTCSessionDescriptionInit | undefined });
    }
    if (reply.janus === 'timeout') this.ws.close();
  }

  private readonly ackEnds = new Set<string>();

  request(body: Json, endsAtAck = false): Promise<Json> {
    if (this.ws.readyState !== WebSocket.OPEN) return Promise.reject(new Error('Janus connection closed'));
    const transaction = `t${++this.counter}`;
    return new Promise((resolve, reject) => {
      const timer = window.setTimeout(() => {
        this.pending.delete(transaction);
        reject(new Error(`Janus did not answer ${String(body.janus)}`));
      }, requestTimeoutMs);
      this.pending.set(transaction, {
        resolve: (reply) => {
          window.clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          window.clearTimeout(timer);
          reject(error);
        },
      });
      if (endsAtAck) this.ackEnds.add(transaction);
      const scope = this.sessionId ? { session_id: this.sessionId } : {};
      this.ws.send(JSON.stringify({ ...body, ...scope, transaction, token: this.token }));
    });
  }

  async attach(onEvent: (event: JanusEvent) => void): Promise<number> {
    const reply = await this.request({ janus: 'attach', plugin: 'janus.plugin.videoroom' });
    const id = (reply.data as { id: number }).id;
    this.handlers.set(id, onEvent);
    return id;
  }

  /** A VideoRoom request on a handle: its answer (the plugin's data, and Janus's SDP when it sent one). */
  async message(handleId: number, body: Json, jsep?: RTCSessionDescriptionInit): Promise<JanusEvent> {
    const reply = await this.request({
      janus: 'message',
      handle_id: handleId,
      body,
      ...(jsep ? { jsep } : {}),
    });
    const data = ((reply.plugindata as { data?: VideoRoomData } | undefined)?.data ?? {}) as VideoRoomData;
    if (typeof data.error_code === 'number')
      throw new JanusRefused(`VideoRoom ${data.error_code}: ${data.error}`);
    return { data, jsep: reply.jsep as RTCSessionDescriptionInit | undefined };
  }

  trickle(handleId: number, candidate: RTCIceCandidateInit | { completed: true }): void {
    this.request({ janus: 'trickle', handle_id: handleId, candidate }, true).catch(() => undefined);
  }

  close(): void {
    this.stopKeepAlive();
    if (this.ws.readyState === WebSocket.OPEN) {
      this.request({ janus: 'destroy' }).catch(() => undefined);
    }
    this.ws.onclose = null;
    this.ws.close();
  }
}

export interface JanusLinkOptions {
  access: SfuAccess;
  iceServers: RTCIceServer[];
  /** The tracks to send now (the camera may be missing: audio only). */
  getTracks(): MediaStreamTrack[];
  /** The data saver is on: only the small layer is sent. */
  dataSaver(): boolean;
  /** Someone's streams came or went, or a connection changed state. */
  onChange(): void;
  /** The roster's check of the participant this publisher id names (undefined: nobody, or not known yet). */
  feedCheckOf(feedId: number): string | undefined;
  /** Janus could not be reached or the connection failed: the page falls back to the mesh. */
  onFailed(reason: string): void;
}

/** One remote publisher as received: its stream and the subscription's mids of its tracks. */
interface Feed {
  stream: MediaStream;
  mids: Map<string, 'audio' | 'video'>;
  /** The layer asked for (Janus starts every subscription at the full one). */
  substream: Substream;
  wanted: Substream;
}

/**
 * The page's side of a group call through Janus: publishes, subscribes to every other publisher, and hands
 * the controller one MediaStream per remote person (found by their publisher id), as PeerLink does per link.
 */
export class JanusLink {
  private session: JanusSession | null = null;
  private pubHandle = 0;
  private subHandle = 0;
  private privateId = 0;
  private readonly pub: RTCPeerConnection;
  private sub: RTCPeerConnection | null = null;
  private subJoined = false;
  private subQueue: Promise<void> = Promise.resolve();
  private readonly feeds = new Map<number, Feed>();
  /** Publishers announced but not proven to be who their id names yet: id → display. */
  private readonly unproven = new Map<number, string>();
  private midToFeed = new Map<string, number>();
  private isClosed = false;
  private bytesSoFar = 0;
  private connectTimer: number | null = null;
  private readonly audio: RTCRtpTransceiver;
  private readonly video: RTCRtpTransceiver;
  /** What the upload carries for its network (from Janus's reports of loss and round trips). */
  private readonly adaptation = new VideoAdaptation();

  constructor(private readonly options: JanusLinkOptions) {
    this.pub = new RTCPeerConnection({ iceServers: options.iceServers });
    const tracks = options.getTracks();
    const audio = tracks.find((t) => t.kind === 'audio') ?? null;
    const video = tracks.find((t) => t.kind === 'video') ?? null;
    // Both kinds are negotiated even without a device yet, so turning a camera on later needs no new offer.
    this.audio = this.pub.addTransceiver(audio ?? 'audio', { direction: 'sendonly' });
    this.video = this.pub.addTransceiver(video ?? 'video', {
      direction: 'sendonly',
      sendEncodings: sfuLayers.map((layer) => ({ ...layer, active: true })),
    });
    this.pub.onconnectionstatechange = () => {
      if (this.pub.connectionState === 'failed') this.fail('the connection to the call server failed');
      if (this.pub.connectionState === 'connected' && this.connectTimer !== null) {
        window.clearTimeout(this.connectTimer);
        this.connectTimer = null;
      }
      options.onChange();
    };
  }

  /** Connects, joins the room and publishes; a failure falls back to the mesh (onFailed). */
  async start(): Promise<void> {
    const { access } = this.options;
    try {
      this.session = await JanusSession.open(access.url, access.token);
      this.session.onClose = () => this.fail('the call server closed the connection');
      this.pubHandle = await this.session.attach((event) => this.onPublisherEvent(event));
      this.pub.onicecandidate = ({ candidate }) => {
        this.session?.trickle(this.pubHandle, candidate ? candidate.toJSON() : { completed: true });
      };
      const joined = await this.session.message(this.pubHandle, {
        request: 'join',
        ptype: 'publisher',
        room: access.room,
        id: access.feedId,
        display: access.display,
        token: access.token,
      });
      this.privateId = Number(joined.data.private_id);
      if (this.isClosed) return;
      this.connectTimer = window.setTimeout(
        () => this.fail('the call server was not reached in time'),
        connectWithinMs,
      );
      await this.applyDataSaver();
      const offer = await this.pub.createOffer();
      await this.pub.setLocalDescription(offer);
      const published = await this.session.message(this.pubHandle, { request: 'publish' }, offer);
      if (!published.jsep) throw new Error('Janus sent no answer');
      await this.pub.setRemoteDescription(published.jsep);
      this.addPublishers(joined.data.publishers);
    } catch (error) {
      this.fail(error instanceof Error ? error.message : 'the call server could not be reached');
    }
  }

  private fail(reason: string): void {
    if (this.isClosed) return;
    this.close();
    this.options.onFailed(reason);
  }

  private onPublisherEvent({ data }: JanusEvent): void {
    if (this.isClosed) return;
    if (Array.isArray(data.publishers)) this.addPublishers(data.publishers);
    for (const gone of [data.unpublished, data.leaving, data.kicked]) {
      if (typeof gone === 'number') this.removeFeed(gone);
    }
    if (data.videoroom === 'destroyed' || data.leaving === 'ok') this.fail('the call server closed the room');
  }

  /**
   * Publishers Janus announced. Each is subscribed to only when its display proves it is the participant its id
   * names (isGenuineFeed); one that does not (not in the roster yet, or someone else under their id) waits in
   * `unproven` and is checked again with each roster.
   */
  private addPublishers(list: unknown): void {
    if (!Array.isArray(list)) return;
    for (const publisher of list as Array<{ id?: unknown; display?: unknown }>) {
      const id = publisher.id;
      if (typeof id !== 'number' || id === this.options.access.feedId || this.feeds.has(id)) continue;
      this.unproven.set(id, typeof publisher.display === 'string' ? publisher.display : '');
    }
    this.enqueue(() => this.subscribeProven());
  }

  /** A new roster: publishers not proven yet may be now. */
  recheckFeeds(): void {
    if (this.unproven.size > 0) this.enqueue(() => this.subscribeProven());
  }

  private async subscribeProven(): Promise<void> {
    const proven: number[] = [];
    for (const [id, display] of [...this.unproven]) {
      if (this.feeds.has(id)) {
        this.unproven.delete(id);
        continue;
      }
      if (!(await isGenuineFeed(display, this.options.feedCheckOf(id)))) continue;
      this.unproven.delete(id);
      this.feeds.set(id, { stream: new MediaStream(), mids: new Map(), substream: 2, wanted: 2 });
      proven.push(id);
    }
    if (proven.length > 0) await this.subscribe(proven);
  }

  private removeFeed(id: number): void {
    this.unproven.delete(id);
    const feed = this.feeds.get(id);
    if (!feed) return;
    this.feeds.delete(id);
    for (const track of feed.stream.getTracks()) feed.stream.removeTrack(track);
    this.options.onChange();
  }

  /** Subscriber work runs one step at a time: Janus's offers are answered in order, exactly once each. */
  private enqueue(step: () => Promise<void>): void {
    this.subQueue = this.subQueue.then(step).catch((error: unknown) => {
      if (!this.isClosed) console.warn('call: a subscription step failed', error);
    });
  }

  private async subscribe(feedIds: number[]): Promise<void> {
    const session = this.session;
    if (!session || this.isClosed) return;
    const streams = feedIds.map((feed) => ({ feed }));
    if (!this.subJoined) {
      this.subHandle = await session.attach((event) => this.enqueue(() => this.onSubscriberEvent(event)));
      const attached = await session.message(this.subHandle, {
        request: 'join',
        ptype: 'subscriber',
        room: this.options.access.room,
        private_id: this.privateId,
        streams,
      });
      this.subJoined = true;
      await this.onSubscriberEvent(attached);
      return;
    }
    await this.onSubscriberEvent(await session.message(this.subHandle, { request: 'subscribe', streams }));
  }

  /** Janus's subscription layout (attached / updated) and its offer: answered, tracks given to their feeds. */
  private async onSubscriberEvent({ data, jsep }: JanusEvent): Promise<void> {
    if (this.isClosed) return;
    if (Array.isArray(data.streams)) {
      const next = new Map<string, number>();
      for (const stream of data.streams as SubscriptionStream[]) {
        if (stream.active !== false && typeof stream.feed_id === 'number')
          next.set(stream.mid, stream.feed_id);
      }
      this.midToFeed = next;
      for (const [id, feed] of this.feeds) {
        feed.mids = new Map();
        for (const stream of data.streams as SubscriptionStream[]) {
          if (stream.feed_id === id && stream.active !== false) {
            feed.mids.set(stream.mid, stream.type === 'video' ? 'video' : 'audio');
          }
        }
      }
    }
    if (typeof data.substream === 'number' && typeof data.mid === 'string') {
      const feed = this.feeds.get(this.midToFeed.get(data.mid) ?? 0);
      if (feed) feed.substream = data.substream as Substream;
    }
    if (!jsep || jsep.type !== 'offer') return;
    const sub = this.subscriber();
    await sub.setRemoteDescription(jsep);
    const answer = await sub.createAnswer();
    await sub.setLocalDescription(answer);
    await this.session?.message(this.subHandle, { request: 'start' }, answer);
    this.placeTracks();
    await this.applyLayers();
  }

  private subscriber(): RTCPeerConnection {
    if (this.sub) return this.sub;
    const sub = new RTCPeerConnection({ iceServers: this.options.iceServers });
    sub.onicecandidate = ({ candidate }) => {
      this.session?.trickle(this.subHandle, candidate ? candidate.toJSON() : { completed: true });
    };
    sub.ontrack = () => this.placeTracks();
    sub.onconnectionstatechange = () => this.options.onChange();
    this.sub = sub;
    return sub;
  }

  /** Every received track goes to the stream of the feed its mid belongs to now. */
  private placeTracks(): void {
    if (!this.sub) return;
    for (const [feedId, feed] of this.feeds) {
      const wanted = new Set<MediaStreamTrack>();
      for (const transceiver of this.sub.getTransceivers()) {
        if (transceiver.mid && this.midToFeed.get(transceiver.mid) === feedId) {
          wanted.add(transceiver.receiver.track);
        }
      }
      for (const track of feed.stream.getTracks()) if (!wanted.has(track)) feed.stream.removeTrack(track);
      for (const track of wanted) {
        if (!feed.stream.getTrackById(track.id)) feed.stream.addTrack(track);
        track.onunmute = () => this.options.onChange();
      }
    }
    this.options.onChange();
  }

  /** The stream of a remote publisher, null until a track of theirs arrived. */
  streamOf(feedId: number): MediaStream | null {
    const feed = this.feeds.get(feedId);
    return feed && feed.stream.getTracks().length > 0 ? feed.stream : null;
  }

  connectionStateOf(feedId: number): RTCPeerConnectionState | 'new' {
    if (!this.feeds.has(feedId)) return 'new';
    return this.sub?.connectionState ?? 'new';
  }

  /** The layer a remote tile needs (small tile, data saver: the small one); asked of Janus when it changes. */
  setSubstream(feedId: number, substream: Substream): void {
    const feed = this.feeds.get(feedId);
    if (!feed || feed.wanted === substream) return;
    feed.wanted = substream;
    this.enqueue(() => this.applyLayers());
  }

  private async applyLayers(): Promise<void> {
    const streams: Array<{ mid: string; substream: Substream }> = [];
    for (const feed of this.feeds.values()) {
      for (const [mid, kind] of feed.mids) {
        if (kind === 'video' && feed.substream !== feed.wanted) streams.push({ mid, substream: feed.wanted });
      }
    }
    if (streams.length === 0 || !this.session || !this.subJoined) return;
    await this.session.message(this.subHandle, { request: 'configure', streams });
    for (const feed of this.feeds.values()) feed.substream = feed.wanted;
  }

  /** Sends this track from now on (null: nothing of that kind, e.g. the camera turned off). */
  async setTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void> {
    // Audio only for a weak network: the camera is read again when video comes back.
    if (kind === 'video' && this.adaptation.level === 'audio') return;
    await (kind === 'audio' ? this.audio : this.video).sender.replaceTrack(track);
  }

  /**
   * The layers sent: all three; or, with the data saver on or a weak network ('low'), only the small one, at the
   * data saver's size (about 180 lines, 15 frames a second) and at most the largest layer's bit rate.
   */
  async applyDataSaver(): Promise<void> {
    const sender = this.video.sender;
    const parameters = sender.getParameters();
    if (!parameters.encodings || parameters.encodings.length === 0) return;
    const small = this.options.dataSaver() || this.adaptation.level !== 'full';
    const height = sender.track?.getSettings().height ?? null;
    const scale = height && height > dataSaverVideo.height ? height / dataSaverVideo.height : 1;
    parameters.encodings = parameters.encodings.map((encoding) => {
      const layer = sfuLayers.find((l) => l.rid === encoding.rid);
      if (!layer) return encoding;
      if (!small) return { ...encoding, ...layer, active: true };
      return layer.rid === 'l'
        ? {
            ...encoding,
            active: true,
            maxBitrate: sfuLayers[0].maxBitrate,
            scaleResolutionDownBy: scale,
            maxFramerate: dataSaverVideo.frameRate,
          }
        : { ...encoding, active: false };
    });
    await sender.setParameters(parameters).catch(() => undefined);
  }

  /**
   * Reads what Janus reports of the upload (its receiver reports: loss, round trip) and steps the video sent
   * down or up when the network has been weak, or good, long enough, as a mesh connection does (issue 22):
   * full → the small layer only → audio only. Answers whether it changed.
   */
  async adapt(now: number): Promise<boolean> {
    if (this.isClosed || this.pub.connectionState !== 'connected') return false;
    const quality = reportedQuality(await this.pub.getStats());
    if (!quality) return false;
    const wasAudio = this.adaptation.level === 'audio';
    const level = this.adaptation.step(now, quality);
    if (level === null) return false;
    if (wasAudio || level === 'audio') {
      const camera = this.options.getTracks().find((track) => track.kind === 'video') ?? null;
      await this.video.sender.replaceTrack(level === 'audio' ? null : camera);
    }
    await this.applyDataSaver();
    return true;
  }

  /** What the upload carries for its network now. */
  get level(): VideoLevel {
    return this.adaptation.level;
  }

  get connectionState(): RTCPeerConnectionState {
    return this.pub.connectionState;
  }

  /** What arrives from one remote publisher, in the shape of a mesh link's stats. */
  async statsOf(feedId: number): Promise<PeerStats> {
    const feed = this.feeds.get(feedId);
    const result: PeerStats = {
      connectionState: this.sub?.connectionState ?? 'new',
      signalingState: this.sub?.signalingState ?? 'stable',
      signalsOut: 0,
      signalsIn: 0,
      descriptions: 'sfu',
      polite: false,
      framesDecoded: 0,
      frameWidth: 0,
      audioPacketsReceived: 0,
      videoMaxBitrate: null,
      level: 'full',
      roundTripTime: 0,
      sentFrameWidth: 0,
      qualityLimitation: 'none',
      bytesSent: 0,
      bytesReceived: 0,
    };
    if (!feed || !this.sub) return result;
    const report = await this.sub.getStats();
    report.forEach((entry: { type: string; kind?: string; mid?: string } & Record<string, unknown>) => {
      if (entry.type !== 'inbound-rtp' || !entry.mid || !feed.mids.has(entry.mid)) return;
      if (entry.kind === 'video') {
        result.framesDecoded += Number(entry.framesDecoded ?? 0);
        result.frameWidth = Math.max(result.frameWidth, Number(entry.frameWidth ?? 0));
        result.bytesReceived += Number(entry.bytesReceived ?? 0);
      } else if (entry.kind === 'audio') {
        result.audioPacketsReceived += Number(entry.packetsReceived ?? 0);
        result.bytesReceived += Number(entry.bytesReceived ?? 0);
      }
    });
    return result;
  }

  /** The layers this page publishes now (rid, width, bytes), for tests and the benchmark. */
  async publishedLayers(): Promise<Array<{ rid: string; frameWidth: number; bytesSent: number }>> {
    const layers: Array<{ rid: string; frameWidth: number; bytesSent: number }> = [];
    const report = await this.pub.getStats();
    report.forEach((entry: { type: string; kind?: string } & Record<string, unknown>) => {
      if (entry.type === 'outbound-rtp' && entry.kind === 'video') {
        layers.push({
          rid: String(entry.rid ?? ''),
          frameWidth: Number(entry.frameWidth ?? 0),
          bytesSent: Number(entry.bytesSent ?? 0),
        });
      }
    });
    return layers;
  }

  /** Bytes this page sent to the SFU so far (the transports' counters of both connections). */
  async bytesSent(): Promise<number> {
    let total = 0;
    for (const pc of [this.pub, this.sub]) {
      if (!pc || this.isClosed) continue;
      const report = await pc.getStats();
      report.forEach((entry: { type: string } & Record<string, unknown>) => {
        if (entry.type === 'transport') total += Number(entry.bytesSent ?? 0);
      });
    }
    return total;
  }

  /** The bytes of the last reading (the meter reads every few seconds). */
  get lastBytes(): number {
    return this.bytesSoFar;
  }

  /** Bytes this device sent and received through the SFU so far (both connections' transports). */
  async bytes(): Promise<number> {
    if (this.isClosed) return this.bytesSoFar;
    let total = 0;
    for (const pc of [this.pub, this.sub]) {
      if (!pc) continue;
      const report = await pc.getStats();
      report.forEach((entry: { type: string } & Record<string, unknown>) => {
        if (entry.type === 'transport')
          total += Number(entry.bytesSent ?? 0) + Number(entry.bytesReceived ?? 0);
      });
    }
    this.bytesSoFar = Math.max(this.bytesSoFar, total);
    return this.bytesSoFar;
  }

  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    if (this.connectTimer !== null) window.clearTimeout(this.connectTimer);
    this.pub.close();
    this.sub?.close();
    this.session?.close();
    for (const feed of this.feeds.values()) {
      for (const track of feed.stream.getTracks()) feed.stream.removeTrack(track);
    }
    this.feeds.clear();
  }
}
