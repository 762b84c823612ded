import { combineLatest, distinctUntilChanged, map, Observable, shareReplay, startWith } from 'rxjs';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { RoomModel } from '@/contracts/stream';
import type {
  CommandResult,
  HostIntent,
  PostCommand,
  RoomFailure,
  RoomStatus,
  RoomTransport,
  Scheduler,
  TransportStatus,
} from '@/engine';
import { hostMachine, type HostEvent } from '../host/host-machine';
import { joinMachine } from './join-machine';
import type { MediaSessionLike } from './media-session';
import { createWatchRoom, type WatchRole, type WatchRoom } from './watch-room';

/**
 * A viewer's watch session without React: the room (engine room client with its follower or host
 * driver, `watch-room.ts`), the join actor and, for the host, the host actor. Everything a page
 * shows of it is one `WatchSessionState` union on `state$`; the page sends taps and host events
 * and never touches a socket, a machine or a player's timing (useWatchSession hands it over).
 */

/** What the session follows: a room on the server, or the viewer's own archive viewing. */
type WatchSource =
  | { type: 'room'; streamId: string; role: WatchRole }
  | {
      type: 'solo';
      streamId: string;
      /** The viewer's remembered speed, read at the join tap. */
      playSpeed(): number;
      /** A speed the viewer picks alone is remembered. */
      rememberSpeed(rate: number): void;
    };

/** Where the viewer is with joining: the tap records the join and satisfies autoplay. */
type JoinStep = 'waiting' | 'joining' | 'watching' | 'full' | 'failed';

interface HostView {
  /** The end-room confirmation is open. */
  confirmingTerminate: boolean;
  /** The last refusal of a host command, until dismissed. */
  error: SnapshotFrom<typeof hostMachine>['context']['error'];
}

type Shared = {
  /** The socket alone, for indicators. */
  connection: TransportStatus;
  join: JoinStep;
  /** The host's controls (null for a follower). */
  host: HostView | null;
  /** Autoplay with sound was refused: the player plays muted until the viewer taps. */
  mutedFallback: boolean;
};

/**
 * The session as the page reads it: `connecting` until the room's first state, `live`,
 * `reconnecting` (the last known model is kept), or `failed` for good (`notFound`: no such room
 * or not open to this viewer; `versionMismatch`: the server speaks another protocol, reload).
 */
export type WatchSessionState = Shared &
  (
    | { status: 'connecting' }
    | { status: 'live' | 'reconnecting'; model: RoomModel }
    | { status: 'failed'; reason: RoomFailure }
  );

export interface WatchSession {
  /** The room: its clock, model, feed and follower status for panels; the player goes here. */
  readonly room: WatchRoom;
  readonly state$: Observable<WatchSessionState>;
  /** The viewer's tap on the join gate; `from`: where a solo viewer starts. */
  tap(from?: number): void;
  /** A host control (ignored for a follower). */
  host(event: HostEvent): void;
  close(): void;
}

export interface WatchSessionDeps {
  source: WatchSource;
  transport: RoomTransport;
  postCommand: PostCommand;
  scheduler: Scheduler;
  /** Records the join with the server; resolves to when it was recorded. */
  join: () => Promise<number>;
  mediaSession?: MediaSessionLike | null;
}

const joinStep = (s: SnapshotFrom<typeof joinMachine>): JoinStep =>
  (['watching', 'joining', 'full', 'failed'] as const).find((step) => s.matches(step)) ?? 'waiting';

const hostView = (s: SnapshotFrom<typeof hostMachine>): HostView => ({
  confirmingTerminate: s.matches({ terminate: 'confirming' }),
  error: s.context.error,
});

/** An XState actor as an observable of its snapshots, starting with the current one. */
const snapshots = <S>(actor: {
  getSnapshot(): S;
  subscribe(next: (s: S) => void): { unsubscribe(): void };
}) =>
  new Observable<S>((sub) => {
    sub.next(actor.getSnapshot());
    const s = actor.subscribe((snapshot) => sub.next(snapshot));
    return () => s.unsubscribe();
  });

export const createWatchSession = ({
  source,
  transport,
  postCommand,
  scheduler,
  join,
  mediaSession,
}: WatchSessionDeps): WatchSession => {
  const solo = source.type === 'solo' ? source : null;
  const role: WatchRole = source.type === 'room' ? source.role : 'host';
  const room = createWatchRoom({
    transport,
    postCommand,
    streamId: source.streamId,
    scheduler,
    role,
    ...(mediaSession === undefined ? {} : { mediaSession }),
  });

  let startFrom = 0;
  const joinActor = createActor(
    joinMachine.provide({
      actors: { join: fromPromise(join) },
      actions: {
        startPlayback: () => {
          room.start();
          if (!solo) return;
          // Alone, the tap is the one that plays (issue 24: it took a second tap on play).
          const speed = solo.playSpeed();
          if (speed !== 1) void room.send({ type: 'rateChange', rate: speed });
          void room.send({ type: 'play', from: startFrom });
        },
      },
    }),
  ).start();

  const hostActor =
    role === 'host'
      ? createActor(
          hostMachine.provide({
            actors: {
              command: fromPromise<CommandResult, HostIntent>(async ({ input }) => {
                const result = await room.send(input);
                if (result.ok && solo && input.type === 'rateChange')
                  solo.rememberSpeed(input.rate);
                return result;
              }),
            },
            guards: { roomPlaying: () => room.roomPlaying() },
          }),
        ).start()
      : null;

  const host$ = hostActor
    ? snapshots(hostActor).pipe(map(hostView))
    : new Observable<HostView | null>((sub) => sub.next(null));
  const state$ = combineLatest([
    room.client.status$.pipe(startWith<RoomStatus>({ type: 'connecting' })),
    room.client.connection$.pipe(startWith<TransportStatus>('connecting'), distinctUntilChanged()),
    snapshots(joinActor).pipe(map(joinStep)),
    host$.pipe(
      distinctUntilChanged(
        (a, b) => a?.confirmingTerminate === b?.confirmingTerminate && a?.error === b?.error,
      ),
    ),
    room.mutedFallback$,
  ]).pipe(
    map(
      ([status, connection, join, host, mutedFallback]: [
        RoomStatus,
        TransportStatus,
        JoinStep,
        HostView | null,
        boolean,
      ]): WatchSessionState => {
        const shared = { connection, join, host, mutedFallback };
        if (status.type === 'connecting') return { ...shared, status: 'connecting' };
        if (status.type === 'failed') return { ...shared, status: 'failed', reason: status.reason };
        return { ...shared, status: status.type, model: status.model };
      },
    ),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  return {
    room,
    state$,
    tap: (from) => {
      startFrom = from ?? 0;
      joinActor.send({ type: 'join.tap' });
    },
    host: (event) => hostActor?.send(event),
    close: () => {
      joinActor.stop();
      hostActor?.stop();
      room.close();
    },
  };
};
