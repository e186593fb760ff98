import { dataSaverVideo } from '@myprosper/contract/call-data';
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

/** The camera in data-saver mode: about 180 lines at 15 frames a second. */
export const lowVideoConstraints: MediaTrackConstraints = {
  width: { ideal: dataSaverVideo.width },
  height: { ideal: dataSaverVideo.height },
  frameRate: { ideal: dataSaverVideo.frameRate, max: dataSaverVideo.frameRate },
};

/** The camera's constraints: small in data-saver mode. */
export function cameraConstraints(low: boolean): MediaTrackConstraints {
  return low ? lowVideoConstraints : videoConstraints;
}

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
 * to the camera alone, then to nothing (the person still sees and hears the others). In data-saver mode
 * (`audioFirst`) the microphone alone: the camera stays off until the person turns it on.
 */
export async function acquireLocalMedia(
  devices: { audioId?: string; videoId?: string } = {},
  { audioFirst = false }: { audioFirst?: boolean } = {},
): Promise<LocalMedia> {
  const audio = { ...audioConstraints, ...(devices.audioId ? { deviceId: { exact: devices.audioId } } : {}) };
  const video = { ...videoConstraints, ...(devices.videoId ? { deviceId: { exact: devices.videoId } } : {}) };
  if (!navigator.mediaDevices?.getUserMedia) {
    return { stream: new MediaStream(), audio: null, video: null, problem: callMessages.noMedia };
  }
  if (audioFirst) {
    const audioOnly = await tryGet({ audio });
    if (audioOnly) return describe(audioOnly, null);
    return {
      stream: new MediaStream(),
      audio: null,
      video: null,
      problem: callMessages.microphoneUnavailable,
    };
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

/**
 * One new track of a device (switching camera or microphone, or the camera coming back on); a small camera
 * picture when `low` (data saver).
 */
export async function acquireTrack(
  kind: 'audio' | 'video',
  deviceId?: string,
  low = false,
): Promise<MediaStreamTrack | null> {
  const base = kind === 'audio' ? audioConstraints : cameraConstraints(low);
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
