import { Alert, Switch, Text } from '@mantine/core';
import { adaptationMessages, callDataMessages, dataMeterText } from '@myprosper/contract/call-data';
import type { CallController, CallSnapshot } from '../lib/call-controller.ts';

/** The data saver switch, before and during the call (issue 22). */
export function DataSaverSwitch({ call, controller }: { call: CallSnapshot; controller: CallController }) {
  return (
    <Switch
      size="sm"
      label={callDataMessages.dataSaver}
      checked={call.dataSaver}
      onChange={(event) => void controller.setDataSaver(event.currentTarget.checked)}
    />
  );
}

/** MB this device used in the call so far, and about how many an hour at the current rate. */
export function DataMeter({ call }: { call: CallSnapshot }) {
  return (
    <Text
      size="xs"
      c="gray.7"
      ta="center"
      mt={4}
      data-testid="data-meter"
      title={callDataMessages.meterLabel}
    >
      {`Data: ${dataMeterText(call.dataUsed, call.dataPerHour)}`}
    </Text>
  );
}

/** Said while the data saver keeps the camera off. */
export function DataSaverNotice({ call }: { call: CallSnapshot }) {
  if (!call.dataSaver || (call.hasVideo && !call.videoOff)) return null;
  return (
    <Alert color="teal" variant="light" mb="xs" p="xs">
      {callDataMessages.dataSaverOn}
    </Alert>
  );
}

/** Said while a weak network keeps this device's video small, or off. */
export function WeakNetworkNotice({ call }: { call: CallSnapshot }) {
  if (call.adaptation === 'full') return null;
  return (
    <Alert color="orange" variant="light" mb="xs" p="xs" role="status">
      {adaptationMessages[call.adaptation]}
    </Alert>
  );
}
