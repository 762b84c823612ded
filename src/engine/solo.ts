import { BehaviorSubject, Subject } from 'rxjs';
import type { ServerMessage } from '../contracts/realtime';
import { PROTOCOL_VERSION } from '../contracts/realtime';
import { PLAYBACK_COMMAND_KINDS, type RoomFeed } from '../contracts/stream';
import { RoomLog } from './room-log';
import { stampHostCommand } from './schedule';
import type { Scheduler } from './time';
import type { PostCommand, RoomTransport, TransportStatus } from './transports/types';

const PLAYBACK: ReadonlySet<string> = new Set(PLAYBACK_COMMAND_KINDS);

/**
 * Solo archive viewing: the viewer is the host of a private room whose log lives in the page.
 * Commands are stamped and folded exactly as the server does (`stampHostCommand`, `RoomLog`),
 * and the clock's pings are answered with the local time, so the watch page runs the same code
 * with no server. Deliveries happen on the next scheduler turn, as a socket's would.
 */
export const createSoloRoom = ({
  streamId,
  userId,
  scheduler,
}: {
  streamId: string;
  userId: string;
  scheduler: Scheduler;
}): { transport: RoomTransport; postCommand: PostCommand } => {
  const log = new RoomLog(streamId);
  const messages$ = new Subject<ServerMessage>();
  const events$ = new Subject<RoomFeed>();
  const status$ = new BehaviorSubject<TransportStatus>('open');
  let subscribed = false;
  const later = (run: () => void) => {
    scheduler.setTimeout(() => {
      if (status$.value === 'open') run();
    }, 0);
  };

  const transport: RoomTransport = {
    messages$: messages$.asObservable(),
    events$: events$.asObservable(),
    status$: status$.asObservable(),
    status: () => status$.value,
    send: (message) => {
      if (status$.value !== 'open') return false;
      if (message.type === 'ping') {
        const { id, clientTime } = message;
        later(() =>
          messages$.next({
            v: PROTOCOL_VERSION,
            type: 'pong',
            id,
            clientTime,
            serverTime: scheduler.now(),
          }),
        );
      }
      // A lone viewer has no host to report to and no rooms list.
      return true;
    },
    subscribeRoom: (id) => {
      if (id !== streamId) return;
      subscribed = true;
      later(() => events$.next({ type: 'snapshot', snapshot: log.snapshot() }));
    },
    unsubscribeRoom: (id) => {
      if (id === streamId) subscribed = false;
    },
    resync: (id) => transport.subscribeRoom(id, () => undefined),
    subscribeStreamList: () => undefined,
    unsubscribeStreamList: () => undefined,
    close: () => {
      status$.next('closed');
      messages$.complete();
      events$.complete();
      status$.complete();
    },
  };

  const postCommand: PostCommand = (id, command) => {
    if (id !== streamId) {
      return Promise.resolve({ ok: false, code: 'notFound', message: 'no such stream' });
    }
    if (log.model.terminated && PLAYBACK.has(command.type)) {
      return Promise.resolve({ ok: false, code: 'conflict', message: 'the room has ended' });
    }
    const event = stampHostCommand(command, {
      model: log.model,
      serverTime: scheduler.now(),
      userId,
    });
    log.add([event]);
    if (subscribed) later(() => events$.next({ type: 'events', streamId, events: [event] }));
    return Promise.resolve({ ok: true, event });
  };

  return { transport, postCommand };
};
