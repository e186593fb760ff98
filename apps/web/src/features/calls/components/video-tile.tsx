import { Badge, Button } from '@mantine/core';
import { callDataMessages } from '@myprosper/contract/call-data';
import { useEffect, useRef, useState } from 'react';
import classes from './call.module.css';

export interface VideoTileProps {
  name: string;
  stream: MediaStream | null;
  audioMuted: boolean;
  videoOff: boolean;
  isSpeaking: boolean;
  /** One's own picture: mirrored, never played aloud. */
  isLocal?: boolean;
  /** The connection to this person dropped and is being restored. */
  isReconnecting?: boolean;
  className?: string;
}

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** One person in the call: their video (or initials), their name, whether they are muted or speaking. */
export function VideoTile({
  name,
  stream,
  audioMuted,
  videoOff,
  isSpeaking,
  isLocal,
  isReconnecting,
  className,
}: VideoTileProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [isSoundBlocked, setIsSoundBlocked] = useState(false);
  const trackIds = stream
    ?.getTracks()
    .map((t) => t.id)
    .join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the tracks of the same stream change
  useEffect(() => {
    const video = videoRef.current;
    if (video && video.srcObject !== stream) video.srcObject = stream;
    if (video && stream) void video.play().catch(() => {});
    const audio = audioRef.current;
    if (audio && !isLocal) {
      if (audio.srcObject !== stream) audio.srcObject = stream;
      if (stream) {
        audio
          .play()
          .then(() => setIsSoundBlocked(false))
          .catch(() => setIsSoundBlocked(true));
      }
    }
  }, [stream, trackIds, isLocal]);

  const hasVideo = Boolean(stream?.getVideoTracks().length) && !videoOff;
  return (
    <div
      className={`${classes.tile} ${className ?? ''}`}
      data-testid="call-tile"
      data-participant-name={name}
      data-local={isLocal ? 'true' : 'false'}
      data-speaking={isSpeaking ? 'true' : 'false'}
      data-muted={audioMuted ? 'true' : 'false'}
    >
      <video
        ref={videoRef}
        className={classes.video}
        data-mirror={isLocal ? 'true' : 'false'}
        autoPlay
        playsInline
        muted
        style={{ visibility: hasVideo ? 'visible' : 'hidden' }}
        aria-label={isLocal ? 'Your video' : `Video of ${name}`}
      />
      {/* biome-ignore lint/a11y/useMediaCaption: a live call has no caption file */}
      {!isLocal && <audio ref={audioRef} autoPlay />}
      {!hasVideo && (
        <div className={classes.initials} aria-hidden="true">
          {initialsOf(name)}
        </div>
      )}
      <div className={classes.label}>
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {isLocal ? `${name} (you)` : name}
        </span>
        {audioMuted && (
          <Badge size="xs" color="red" variant="filled">
            Muted
          </Badge>
        )}
        {isReconnecting && (
          <Badge size="xs" color="yellow" variant="filled" autoContrast>
            {callDataMessages.reconnecting}
          </Badge>
        )}
        {isSpeaking && !audioMuted && (
          <Badge size="xs" color="teal" variant="filled">
            Speaking
          </Badge>
        )}
      </div>
      {isSoundBlocked && (
        <Button
          size="xs"
          variant="white"
          style={{ position: 'absolute', top: 8, right: 8 }}
          onClick={() => {
            void audioRef.current
              ?.play()
              .then(() => setIsSoundBlocked(false))
              .catch(() => {});
          }}
        >
          Turn on sound
        </Button>
      )}
    </div>
  );
}
