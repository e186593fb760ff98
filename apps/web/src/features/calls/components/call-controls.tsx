import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import type { CallController, CallSnapshot } from '../lib/call-controller.ts';

/** Mute, camera, devices and leave. */
export function CallControls({
  call,
  controller,
  onLeave,
}: {
  call: CallSnapshot;
  controller: CallController;
  onLeave: () => void;
}) {
  const [isChoosing, setIsChoosing] = useState(false);
  const isMuted = call.audioMuted || !call.hasAudio;
  const isCameraOff = call.videoOff || !call.hasVideo;
  return (
    <Group justify="center" gap="sm" mt="sm" role="toolbar" aria-label="Call controls">
      <Button
        variant={isMuted ? 'filled' : 'default'}
        color={isMuted ? 'red' : 'gray'}
        onClick={() => void controller.toggleAudio()}
        aria-pressed={isMuted}
      >
        {isMuted ? 'Unmute' : 'Mute'}
      </Button>
      <Button
        variant={isCameraOff ? 'filled' : 'default'}
        color={isCameraOff ? 'red' : 'gray'}
        onClick={() => void controller.toggleVideo()}
        aria-pressed={isCameraOff}
      >
        {isCameraOff ? 'Turn camera on' : 'Turn camera off'}
      </Button>
      <Button variant="default" onClick={() => setIsChoosing(true)}>
        Devices
      </Button>
      <Button color="red" onClick={onLeave}>
        Leave
      </Button>
      <Modal opened={isChoosing} onClose={() => setIsChoosing(false)} title="Camera and microphone" centered>
        <Stack>
          <Select
            label="Camera"
            placeholder={call.cameras.length === 0 ? 'No camera found' : 'Choose a camera'}
            data={call.cameras.map((d) => ({ value: d.deviceId, label: d.label }))}
            value={call.cameraId}
            onChange={(value) => value && void controller.selectCamera(value)}
            disabled={call.cameras.length === 0}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label="Microphone"
            placeholder={call.microphones.length === 0 ? 'No microphone found' : 'Choose a microphone'}
            data={call.microphones.map((d) => ({ value: d.deviceId, label: d.label }))}
            value={call.microphoneId}
            onChange={(value) => value && void controller.selectMicrophone(value)}
            disabled={call.microphones.length === 0}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <Button onClick={() => setIsChoosing(false)}>Done</Button>
        </Stack>
      </Modal>
    </Group>
  );
}
