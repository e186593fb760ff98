import { Alert, Anchor, Badge, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { callMessages, maxRemoteTiles } from '@myprosper/contract/calls';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { notify } from '../../../lib/notify.ts';
import { useCallSession } from '../api/calls-api.ts';
import { useCall } from '../hooks/use-call.ts';
import type { CallSnapshot } from '../lib/call-controller.ts';
import classes from './call.module.css';
import { CallControls } from './call-controls.tsx';
import { Countdown } from './countdown.tsx';
import { DataMeter, DataSaverNotice, DataSaverSwitch, WeakNetworkNotice } from './data-saver.tsx';
import { Precheck } from './precheck.tsx';
import { VideoTile } from './video-tile.tsx';

export type CallVariant = 'INDIVIDUAL' | 'GROUP';

/** /sessions/call/{id} and /sessions/group/call/{id}: from setting up, through waiting, to the call itself. */
export function CallScreen({ sessionId, variant }: { sessionId: number; variant: CallVariant }) {
  const { call, controller } = useCall(sessionId);
  const session = useCallSession(sessionId);
  const navigate = useNavigate();
  const warned = useRef(false);

  useEffect(() => {
    if (call.warning && !warned.current) {
      warned.current = true;
      notify.info(call.warning);
    }
  }, [call.warning]);

  const room = call.room;
  if (room && room.sessionType !== variant) {
    return (
      <Navigate
        replace
        to={room.sessionType === 'GROUP' ? paths.groupCall(sessionId) : paths.call(sessionId)}
      />
    );
  }

  const leave = () => {
    controller.leave();
    void navigate(paths.session(sessionId));
  };
  const title = session.data
    ? `${session.data.topic.name}`
    : variant === 'GROUP'
      ? 'Group Session'
      : 'Session';

  if (call.phase === 'ended') {
    return (
      <Container size="sm" py="xl">
        <Stack align="center" gap="md" role="status">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text fw={600} size="lg" ta="center">
            {call.endMessage ?? callMessages.ended}
          </Text>
          <Anchor component={Link} to={paths.session(sessionId)}>
            Back to the session
          </Anchor>
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="xl" className={classes.screen}>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Group gap="xs">
          <DataSaverSwitch call={call} controller={controller} />
          {call.signaling === 'reconnecting' && (
            <Badge color="yellow" variant="light">
              {callMessages.reconnecting}
            </Badge>
          )}
          {room && (
            <Countdown
              startsAt={room.startsAt}
              endsAt={room.endsAt}
              closesAt={room.closesAt}
              clockOffset={call.clockOffset}
            />
          )}
        </Group>
      </Group>
      {call.warning && (
        <Alert color="orange" variant="light" mb="xs" p="xs" role="alert">
          {call.warning}
        </Alert>
      )}
      <DataSaverNotice call={call} />
      <WeakNetworkNotice call={call} />
      {call.mediaProblem && (
        <Alert color="yellow" variant="light" mb="xs" p="xs" title="Camera or microphone">
          {call.mediaProblem}
        </Alert>
      )}
      {call.phase === 'ready' && <Precheck call={call} controller={controller} />}
      <Stage call={call} variant={variant} />
      {call.phase !== 'loading' && <CallControls call={call} controller={controller} onLeave={leave} />}
      {call.phase === 'in-call' && <DataMeter call={call} />}
      {call.phase === 'loading' && (
        <Group justify="center" mt="sm">
          <Button variant="default" component={Link} to={paths.session(sessionId)}>
            Back
          </Button>
        </Group>
      )}
    </Container>
  );
}

function Stage({ call, variant }: { call: CallSnapshot; variant: CallVariant }) {
  const me = call.me;
  if (call.phase === 'ready') {
    // The check before joining: one's own picture, large.
    return (
      <div className={classes.stage}>
        <VideoTile
          name={call.room?.you.name ?? 'You'}
          stream={call.localStream}
          audioMuted={call.audioMuted || !call.hasAudio}
          videoOff={call.videoOff || !call.hasVideo}
          isSpeaking={call.activeSpeaker === 'local'}
          isLocal
          className={classes.preview}
        />
      </div>
    );
  }
  const local = (call.localStream || me) && (
    <div className={classes.localStrip}>
      <VideoTile
        name={me?.name ?? call.room?.you.name ?? 'You'}
        stream={call.localStream}
        audioMuted={call.audioMuted || !call.hasAudio}
        videoOff={call.videoOff || !call.hasVideo}
        isSpeaking={call.activeSpeaker === 'local'}
        isLocal
        className={classes.local}
      />
    </div>
  );

  if (call.phase === 'loading' || call.phase === 'connecting') {
    return (
      <div className={classes.stage}>
        <output className={classes.empty}>
          <Stack align="center" gap="sm">
            <Loader color="teal" />
            <Text c="gray.3" fw={600}>
              {callMessages.settingUp}
            </Text>
          </Stack>
        </output>
        {local}
      </div>
    );
  }

  if (call.phase === 'waiting') {
    return (
      <div className={classes.stage}>
        <output className={classes.empty}>
          <Text c="gray.3" fw={600} size="lg">
            {call.room?.you.role === 'ADVISOR' ? callMessages.settingUp : callMessages.waitingForMentor}
          </Text>
        </output>
        {local}
      </div>
    );
  }

  const remotes = call.remotes.slice(0, variant === 'GROUP' ? maxRemoteTiles : 1);
  return (
    <div className={classes.stage}>
      {remotes.length === 0 ? (
        <output className={classes.empty}>
          <Text c="gray.3" fw={600}>
            {call.room?.you.role === 'ADVISOR'
              ? 'Waiting for your mentee to join'
              : 'Waiting for the others to join'}
          </Text>
        </output>
      ) : (
        <div className={classes.grid} data-count={remotes.length}>
          {remotes.map((person) => (
            <VideoTile
              key={person.participantId}
              name={person.name}
              stream={person.stream}
              audioMuted={person.audioMuted}
              videoOff={person.videoOff}
              isSpeaking={call.activeSpeaker === person.participantId}
              isReconnecting={
                person.connectionState === 'disconnected' || person.connectionState === 'failed'
              }
            />
          ))}
        </div>
      )}
      {local}
    </div>
  );
}
