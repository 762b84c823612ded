import {
  BehaviorSubject,
  Subscription,
  distinctUntilChanged,
  filter,
  map,
  scan,
  type Observable,
} from 'rxjs';
import type { FollowerReport } from '../contracts/realtime';
import type { RoomModel } from '../contracts/stream';
import { createClock, type RoomClock } from './clock';
import { foldRoomFeed, initialRoomFold, type RoomFoldState } from './reducer';
import { buildHostCommand, type HostIntent } from './schedule';
import type { Random, Scheduler, TimerHandle } from './time';
import type { CommandResult, RoomTransport, TransportStatus } from './transports/types';

/**
 * A gap in the event log is asked for at once (a resubscribe with sinceSeq); if it is still
 * open after this long, it is asked for again (ms).
 */
export const GAP_RESYNC_MS = 2000;

/** One follower's last report, as the host sees it. */
export interface ParticipantStatus {
  userId: string;
  driftMs: number;
  buffering: boolean;
  position: number;
  /** Server time of the report. */
  at: number;
}

/** The one object the watch page uses for a room. */
export interface RoomClient {
  readonly streamId: string;
  /** The folded room; emits once loaded, then on every change. */
  readonly model$: Observable<RoomModel>;
  /** The latest model, or null before the room is loaded. */
  model(): RoomModel | null;
  readonly status$: Observable<TransportStatus>;
  /** Estimated server time (ms). */
  serverNow(): number;
  readonly clock: RoomClock;
  /** The host's view of each follower (from `participantStatus` messages), by user id. */
  readonly participantStatus$: Observable<Readonly<Record<string, ParticipantStatus>>>;
  /** Sends a host command, scheduled ahead by max(p95 round trip, 300 ms). */
  command(intent: HostIntent): Promise<CommandResult>;
  /** Sends this follower's heartbeat to the server (relayed to the host). */
  report(status: Omit<FollowerReport, 'streamId'>): boolean;
  /** Call when the tab becomes visible again: the clock re-measures at once. */
  visible(): void;
  close(): void;
}

export interface RoomClientDeps {
  transport: RoomTransport;
  scheduler: Scheduler;
  streamId: string;
  random?: Random;
}

/**
 * Composes transport, clock and reducer: subscribes to the room (re-subscribing from the last seq
 * after reconnects and unfilled gaps), keeps the clock in sync (burst on every open) and folds
 * snapshots and events into the room model.
 */
export const createRoomClient = ({
  transport,
  scheduler,
  streamId,
  random = Math.random,
}: RoomClientDeps): RoomClient => {
  const subs = new Subscription();
  const clock = createClock({
    scheduler,
    random,
    sendPing: (id, clientTime) => transport.send({ type: 'ping', id, clientTime }),
  });

  const fold$ = new BehaviorSubject<RoomFoldState>(initialRoomFold(streamId));
  subs.add(transport.events$.pipe(scan(foldRoomFeed, initialRoomFold(streamId))).subscribe(fold$));

  // The server sends a room's events in seq order on each socket, so a gap means an event was
  // lost (an instance's bus dropped it): ask for the missing seqs at once, and again every
  // GAP_RESYNC_MS while the gap stays open.
  let gapTimer: TimerHandle | undefined;
  const askAgainLater = () => {
    gapTimer = scheduler.setTimeout(() => {
      gapTimer = undefined;
      if (fold$.value.pending.size > 0) {
        transport.resync(streamId);
        askAgainLater();
      }
    }, GAP_RESYNC_MS);
  };
  subs.add(
    fold$.subscribe((state) => {
      if (state.pending.size === 0) {
        if (gapTimer !== undefined) scheduler.clearTimeout(gapTimer);
        gapTimer = undefined;
      } else if (gapTimer === undefined) {
        transport.resync(streamId);
        askAgainLater();
      }
    }),
  );

  const statuses$ = new BehaviorSubject<Readonly<Record<string, ParticipantStatus>>>({});
  subs.add(
    transport.messages$.subscribe((message) => {
      if (message.type === 'pong') clock.handlePong(message);
      // The room's heartbeat: a head beyond what we hold means the last events never came.
      if (
        message.type === 'head' &&
        message.streamId === streamId &&
        fold$.value.loaded &&
        message.seq > fold$.value.model.lastSeq
      ) {
        transport.resync(streamId);
      }
      if (message.type === 'participantStatus' && message.streamId === streamId) {
        const { userId, driftMs, buffering, position, at } = message;
        statuses$.next({
          ...statuses$.value,
          [userId]: { userId, driftMs, buffering, position, at },
        });
      }
    }),
  );

  subs.add(
    transport.status$.pipe(distinctUntilChanged()).subscribe((status) => {
      if (status === 'open') clock.burst();
    }),
  );

  transport.subscribeRoom(streamId);
  if (transport.status() === 'open') clock.burst();

  const model$ = fold$.pipe(
    filter((s) => s.loaded),
    map((s) => s.model),
    distinctUntilChanged(),
  );

  return {
    streamId,
    model$,
    model: () => (fold$.value.loaded ? fold$.value.model : null),
    status$: transport.status$,
    serverNow: clock.serverNow,
    clock,
    participantStatus$: statuses$.asObservable(),
    command: (intent) =>
      transport.command(
        streamId,
        buildHostCommand(fold$.value.model, intent, clock.serverNow(), clock.p95RoundTrip()),
      ),
    report: (status) => transport.send({ type: 'status', streamId, ...status }),
    visible: () => clock.burst(),
    close: () => {
      subs.unsubscribe();
      clock.stop();
      if (gapTimer !== undefined) scheduler.clearTimeout(gapTimer);
      transport.unsubscribeRoom(streamId);
      fold$.complete();
      statuses$.complete();
    },
  };
};

/** How often a follower reports its drift and buffering to the host (ms). */
export const STATUS_REPORT_MS = 2000;

/**
 * Sends a follower's status to the server every 2 s, and at once when buffering starts or ends,
 * so the host's participant view stays current. Returns a stop function.
 */
export const reportFollowerStatus = (
  client: Pick<RoomClient, 'report'>,
  status$: Observable<{ driftMs: number; buffering: boolean; position: number }>,
  scheduler: Scheduler,
): (() => void) => {
  let lastSentAt = -Infinity;
  let lastBuffering: boolean | undefined;
  const sub = status$.subscribe(({ driftMs, buffering, position }) => {
    const now = scheduler.now();
    if (now - lastSentAt < STATUS_REPORT_MS && buffering === lastBuffering) return;
    const sent = client.report({
      driftMs: Math.round(driftMs),
      buffering,
      position: Math.max(0, position),
    });
    if (sent) {
      lastSentAt = now;
      lastBuffering = buffering;
    }
  });
  return () => sub.unsubscribe();
};
