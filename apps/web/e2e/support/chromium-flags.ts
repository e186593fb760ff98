/**
 * Chromium's flags for the journeys and the call benchmark: quiet (no updates, sync or QUIC of its own), a fake
 * camera and microphone granted without asking, and calls between contexts of one browser on a machine whose
 * only address is 127.0.0.1 (docs/calls.md).
 */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];
