import { callMessages } from '@myprosper/contract/calls';

export interface LocalMedia {
  stream: MediaStream;
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
  /** Why a device is missing, in words for the person; null when both work. */
  problem: string | null;
}

export const videoConstraints: MediaTrackConstraints = {
  width: { ideal: 640 },
  height: { ideal: 360 },
  frameRate: { ideal: 24, max: 30 },
};

export const audioConstraints: MediaTrackConstraints = {
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
};

async function tryGet(constraints: MediaStreamConstraints): Promise<MediaStream | null> {
  try {
    return await navigator.mediaDevices.getUserMedia(constraints);
  } catch {
    return null;
  }
}

/**
 * Camera and microphone, falling back to the microphone alone (camera denied or missing: audio only), then
 * to the camera alone, then to nothing (the person still sees and hears the others).
 */
export async function acquireLocalMedia(
  devices: { audioId?: string; videoId?: string } = {},
): Promise<LocalMedia> {
  const audio = { ...audioConstraints, ...(devices.audioId ? { deviceId: { exact: devices.audioId } } : {}) };
  const video = { ...videoConstraints, ...(devices.videoId ? { deviceId: { exact: devices.videoId } } : {}) };
  if (!navigator.mediaDevices?.getUserMedia) {
    return { stream: new MediaStream(), audio: null, video: null, problem: callMessages.noMedia };
  }
  const both = await tryGet({ audio, video });
  if (both) return describe(both, null);
  const audioOnly = await tryGet({ audio });
  if (audioOnly) return describe(audioOnly, callMessages.cameraUnavailable);
  const videoOnly = await tryGet({ video });
  if (videoOnly) return describe(videoOnly, callMessages.microphoneUnavailable);
  return { stream: new MediaStream(), audio: null, video: null, problem: callMessages.noMedia };
}

function describe(stream: MediaStream, problem: string | null): LocalMedia {
  return {
    stream,
    audio: stream.getAudioTracks()[0] ?? null,
    video: stream.getVideoTracks()[0] ?? null,
    problem,
  };
}

/** One new track of a device (switching camera or microphone, or the camera coming back on). */
export async function acquireTrack(
  kind: 'audio' | 'video',
  deviceId?: string,
): Promise<MediaStreamTrack | null> {
  const base = kind === 'audio' ? audioConstraints : videoConstraints;
  const constraints = { ...base, ...(deviceId ? { deviceId: { exact: deviceId } } : {}) };
  const stream = await tryGet(kind === 'audio' ? { audio: constraints } : { video: constraints });
  return stream?.getTracks()[0] ?? null;
}

export interface DeviceChoice {
  deviceId: string;
  label: string;
}

/** Cameras and microphones to choose from (labels are known once access was granted). */
export async function listDevices(): Promise<{ cameras: DeviceChoice[]; microphones: DeviceChoice[] }> {
  if (!navigator.mediaDevices?.enumerateDevices) return { cameras: [], microphones: [] };
  const devices = await navigator.mediaDevices.enumerateDevices();
  const pick = (kind: MediaDeviceKind, fallback: string) =>
    devices
      .filter((d) => d.kind === kind && d.deviceId)
      .map((d, i) => ({ deviceId: d.deviceId, label: d.label || `${fallback} ${i + 1}` }));
  return { cameras: pick('videoinput', 'Camera'), microphones: pick('audioinput', 'Microphone') };
}
