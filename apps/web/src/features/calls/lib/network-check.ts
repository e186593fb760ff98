import type { NetworkCheck } from '@myprosper/contract/call-data';

/** How long the test waits for its two ends to connect, then how long it sends. */
const connectWithinMs = 8_000;
const sendForMs = 3_000;

/**
 * A short test call before joining (issue 22): two connections of this page, joined through the call's own
 * STUN/TURN servers (only through the TURN relay when one is configured, the way a call behind a strict
 * network goes), one sending this device's microphone and camera to the other for a few seconds. Answers the
 * round trip and what arrived, or null when the two ends never connected.
 */
export async function checkNetwork(
  iceServers: RTCIceServer[],
  tracks: MediaStreamTrack[],
): Promise<NetworkCheck | null> {
  const hasRelay = iceServers.some((server) =>
    (Array.isArray(server.urls) ? server.urls : [server.urls]).some((url) => /^turns?:/.test(url)),
  );
  const config: RTCConfiguration = { iceServers, iceTransportPolicy: hasRelay ? 'relay' : 'all' };
  const sender = new RTCPeerConnection(config);
  const receiver = new RTCPeerConnection(config);
  const copies = tracks.map((track) => track.clone());
  try {
    sender.onicecandidate = ({ candidate }) =>
      candidate && void receiver.addIceCandidate(candidate).catch(() => {});
    receiver.onicecandidate = ({ candidate }) =>
      candidate && void sender.addIceCandidate(candidate).catch(() => {});
    const stream = new MediaStream(copies);
    for (const track of copies) sender.addTrack(track, stream);
    if (copies.length === 0) sender.createDataChannel('check');
    await sender.setLocalDescription();
    await receiver.setRemoteDescription(sender.localDescription!);
    await receiver.setLocalDescription();
    await sender.setRemoteDescription(receiver.localDescription!);
    if (!(await connected(sender, connectWithinMs))) return null;

    const receivedBytes = async () => {
      let bytes = 0;
      (await receiver.getStats()).forEach((entry: { type: string } & Record<string, unknown>) => {
        if (entry.type === 'transport') bytes += Number(entry.bytesReceived ?? 0);
      });
      return bytes;
    };
    const before = await receivedBytes();
    const startedAt = performance.now();
    await new Promise((done) => setTimeout(done, sendForMs));
    const bytes = (await receivedBytes()) - before;
    const seconds = (performance.now() - startedAt) / 1000;
    let rtt = 0;
    (await sender.getStats()).forEach((entry: { type: string } & Record<string, unknown>) => {
      if (entry.type === 'candidate-pair' && entry.nominated === true && entry.state === 'succeeded') {
        rtt = Math.max(rtt, Number(entry.currentRoundTripTime ?? 0));
      }
    });
    return { rttMs: Math.round(rtt * 1000), kbps: Math.round((bytes * 8) / 1000 / seconds) };
  } finally {
    sender.close();
    receiver.close();
    for (const copy of copies) copy.stop();
  }
}

function connected(pc: RTCPeerConnection, withinMs: number): Promise<boolean> {
  if (pc.connectionState === 'connected') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), withinMs);
    pc.addEventListener('connectionstatechange', () => {
      if (pc.connectionState === 'connected') {
        clearTimeout(timer);
        resolve(true);
      } else if (pc.connectionState === 'failed') {
        clearTimeout(timer);
        resolve(false);
      }
    });
  });
}
