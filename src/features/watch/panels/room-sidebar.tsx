import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Lang, Me, Stream } from '@/contracts/entities';
import type { RoomModel } from '@/contracts/stream';
import { CommentsPanel } from './comments-panel';
import { ParticipantsPanel } from './participants-panel';
import type { WatchRoom } from '../session/watch-room';
import { useParticipants } from './use-participants';

/**
 * The column beside the video: the moments when there is room for them (`moments`), who is
 * here (a room only: watching alone has no one to list, issue 9, item 17), and the comments.
 */
export function RoomSidebar({
  sessionId,
  stream,
  me,
  lang,
  room,
  model,
  isHost,
  serverNow,
  moments,
}: {
  sessionId: string;
  stream: Stream | null;
  me: Me;
  lang: Lang;
  room: WatchRoom | null;
  model: RoomModel | null;
  isHost: boolean;
  serverNow: number;
  moments: ReactNode;
}) {
  const streamId = stream?.id ?? null;
  const { participants, statuses } = useParticipants({
    sessionId,
    streamId,
    room,
    model,
    isHost,
    serverNow,
  });
  return (
    <Stack gap="md">
      {moments}
      {stream && (
        <ParticipantsPanel
          participants={participants}
          statuses={isHost ? statuses : null}
          serverNow={serverNow}
          hostUserId={stream.hostUserId}
        />
      )}
      <CommentsPanel
        sessionId={sessionId}
        streamId={streamId}
        lang={lang}
        me={me}
        hostUserId={stream?.hostUserId ?? null}
        commentsPaused={stream?.commentsPaused ?? false}
      />
    </Stack>
  );
}
