import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { precheckMessages } from '@myprosper/contract/call-data';
import type { CallController, CallSnapshot } from '../lib/call-controller.ts';

/**
 * The check before joining (issue 22): the verdict of a short test call through the call's servers, audio only
 * offered when the connection is weak, and the button that joins (or, for the mentor, starts the session).
 */
export function Precheck({ call, controller }: { call: CallSnapshot; controller: CallController }) {
  const isMentor = call.room?.you.role === 'ADVISOR' && call.room.callStatus === 'NOT_STARTED';
  const verdict = call.precheck;
  return (
    <section aria-label={precheckMessages.title}>
      {verdict === null ? (
        <Group gap="xs" mb="xs" role="status">
          <Loader size="xs" />
          <Text fz="sm">{precheckMessages.testing}</Text>
        </Group>
      ) : (
        <Alert
          color={verdict === 'good' ? 'teal' : verdict === 'weak' ? 'orange' : 'red'}
          variant="light"
          mb="xs"
          p="xs"
          role="status"
        >
          <Group justify="space-between" gap="xs">
            <Text fz="sm">{precheckMessages[verdict]}</Text>
            {verdict === 'weak' && !call.dataSaver && (
              <Button size="xs" variant="white" onClick={() => void controller.setDataSaver(true)}>
                {precheckMessages.useAudioOnly}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <Button fullWidth mb="xs" onClick={() => void controller.join()}>
        {isMentor ? precheckMessages.start : precheckMessages.join}
      </Button>
    </section>
  );
}
