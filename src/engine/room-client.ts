import {
  BehaviorSubject,
  Subscription,
  combineLatest,
  distinctUntilChanged,
  filter,
  map,
  type Observable,
} from 'rxjs';
import type { FollowerReport } from '../contracts/realtime';
import type { RoomEvent, RoomModel } from '../contracts/stream';
import { createClock, type RoomClock } from './clock';
import { reduceRoom } from './reducer';
import { RoomLog } from './room-log';
import { buildHostCommand, type HostIntent } from './schedule';
import type { Random, Scheduler, TimerHandle } from './time';
import type {
  CommandResult,
  PostCommand,
  RoomTransport,
  TransportStatus,
} from './transports/types';

/**
 * A gap the room log reports is asked for at once (a resubscribe with sinceSeq); while it stays
 * open it is asked for again every this many ms.
 */
export const GAP_RETRY_MS = 2000;

/** At most this many of the host's answered commands are kept until the log holds them. */
const ANSWERED_KEPT = 16;

/** One follower's last report, as the host sees it. */
export interface ParticipantStatus {
  userId: string;
  driftMs: number;
  buffering: boolean;
  position: number;
  /** The follower's median round trip to the server (ms), when it reported one. */
  rttMs?: number;
  /** Server time of the report. */
  at: number;
}

/** A follower's round trip counts for the host's lead while its last report is this recent (ms). */
export const CLASS_RTT_MAX_AGE_MS = 10_000;

/**
 * The class's round trip: the (upper) median of the round trips followers reported within
 * `CLASS_RTT_MAX_AGE_MS` of `now` (each their own median), undefined when none did. A median, not
 * the slowest: one device on a slow CPU or a bad link (its round trips include its own busy main
 * thread) would otherwise hold back every command for the whole class, while it catches up by
 * itself within a second (the follower's seek).
 */
export const classRoundTrip = (
  statuses: Readonly<Record<string, ParticipantStatus>>,
  now: number,
): number | undefined => {
  const recent = Object.values(statuses)
    .filter((s) => s.rttMs !== undefined && now - s.at <= CLASS_RTT_MAX_AGE_MS)
    .map((s) => s.rttMs ?? 0)
    .sort((a, b) => a - b);
  return recent.length ? recent[Math.floor(recent.length / 2)] : undefined;
};

/** Why a room cannot be followed: it does not exist or is not open to this user, or the hub
 * does not speak this build's protocol (reload). Both are final. */
export type RoomFailure = 'notFound' | 'versionMismatch';

/**
 * The room as a view shows it, one union instead of nullables: waiting for the first state,
 * following it live, following a known state while the connection is back in progress, or
 * refused for good.
 */
export type RoomStatus =
  | { type: 'connecting' }
  | { type: 'live'; model: RoomModel }
  | { type: 'reconnecting'; model: RoomModel }
  | { type: 'failed'; reason: RoomFailure };

/** The one object the watch page uses for a room. */
export interface RoomClient {
  readonly streamId: string;
  /** The folded room; emits once loaded, then on every change. */
  readonly model$: Observable<RoomModel>;
  /** The latest model, or null before the room is loaded. */
  model(): RoomModel | null;
  /** The connection (for indicators that show only it). */
  readonly connection$: Observable<TransportStatus>;
  /** The room's status union (what the watch page's hook returns). */
  readonly status$: Observable<RoomStatus>;
  /** Estimated server time (ms). */
  serverNow(): number;
  readonly clock: RoomClock;
  /** The host's view of each follower (from `participantStatus` messages), by user id. */
  readonly participantStatus$: Observable<Readonly<Record<string, ParticipantStatus>>>;
  /**
   * Sends a host command, scheduled ahead by half the host's median round trip plus half the
   * class's (the median of the followers' reported ones), plus a margin (engine/schedule
   * `scheduleLead`). Commands go out one at a time, in the order given: each is built when the
   * previous one has been answered, on the room as that answer left it (the answered event counts
   * before the socket brings it), so a `play` sent right after a `skip` plays from the skip's
   * position rather than the stale one.
   */
  command(intent: HostIntent): Promise<CommandResult>;
  /** Sends this follower's heartbeat, with its measured round trip, to the server (relayed to the host). */
  report(status: Omit<FollowerReport, 'streamId' | 'rttMs'>): boolean;
  /** Call when the tab becomes visible again: the clock re-measures at once. */
  visible(): void;
  close(): void;
}

export interface RoomClientDeps {
  transport: RoomTransport;
  /** Where host commands go (the HTTP API; the local log in solo viewing). */
  postCommand: PostCommand;
  scheduler: Scheduler;
  streamId: string;
  random?: Random;
}

/**
 * Composes transport, clock and room log: subscribes to the room (re-subscribing from the log's
 * head after reconnects and unfilled gaps), keeps the clock in sync (burst on every open) and
 * folds snapshots and events into the room model.
 */
export const createRoomClient = ({
  transport,
  postCommand,
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

  const log = new RoomLog(streamId);
  const model$ = new BehaviorSubject<RoomModel | null>(null);
  const failure$ = new BehaviorSubject<RoomFailure | null>(null);

  // The server sends a room's events in seq order on each socket, so a gap the log reports means
  // an event was lost (an instance's bus dropped it): ask for the missing seqs at once, and again
  // every GAP_RETRY_MS while the gap stays open.
  let gapTimer: TimerHandle | undefined;
  const askAgainLater = () => {
    gapTimer = scheduler.setTimeout(() => {
      gapTimer = undefined;
      if (log.gap !== null) {
        transport.resync(streamId);
        askAgainLater();
      }
    }, GAP_RETRY_MS);
  };
  const watchGap = () => {
    if (log.gap === null) {
      if (gapTimer !== undefined) scheduler.clearTimeout(gapTimer);
      gapTimer = undefined;
    } else if (gapTimer === undefined) {
      transport.resync(streamId);
      askAgainLater();
    }
  };
  subs.add(
    transport.events$.subscribe((feed) => {
      if (log.receive(feed) && log.loaded) model$.next(log.model);
      watchGap();
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
        log.loaded &&
        message.seq > log.lastSeq
      ) {
        transport.resync(streamId);
      }
      // The hub refuses a room it does not have and one the user may not open alike (notFound).
      if (message.type === 'error' && message.ref === streamId && message.code === 'notFound') {
        failure$.next('notFound');
      }
      if (message.type === 'participantStatus' && message.streamId === streamId) {
        const { userId, driftMs, buffering, position, at, rttMs } = message;
        const status: ParticipantStatus = { userId, driftMs, buffering, position, at };
        if (rttMs !== undefined) status.rttMs = rttMs;
        statuses$.next({ ...statuses$.value, [userId]: status });
      }
    }),
  );

  subs.add(
    transport.status$.pipe(distinctUntilChanged()).subscribe((status) => {
      if (status === 'open') clock.burst();
    }),
  );

  transport.subscribeRoom(streamId, () => (log.loaded ? log.lastSeq : undefined));
  if (transport.status() === 'open') clock.burst();

  const status$ = combineLatest([transport.status$, model$, failure$]).pipe(
    map(([connection, model, failure]): RoomStatus => {
      if (connection === 'versionMismatch') return { type: 'failed', reason: 'versionMismatch' };
      if (failure) return { type: 'failed', reason: failure };
      if (!model) return { type: 'connecting' };
      return connection === 'open' ? { type: 'live', model } : { type: 'reconnecting', model };
    }),
    distinctUntilChanged(
      (a, b) =>
        a.type === b.type &&
        (a.type === 'failed' && b.type === 'failed' ? a.reason === b.reason : true) &&
        ('model' in a ? a.model : null) === ('model' in b ? b.model : null),
    ),
  );

  // The host's commands, one at a time (see `command`): two posts in flight could reach the server
  // in either order, and the second would be built on a room without the first. A command the
  // server answered is folded into the model the next command is built on until the log has it.
  let queue: Promise<unknown> = Promise.resolve();
  let answered: RoomEvent[] = [];
  const commandBase = (): RoomModel => {
    answered = answered.filter((e) => e.seq > log.lastSeq);
    let model = log.model;
    for (const event of answered) model = reduceRoom(model, event);
    return model;
  };
  const send = async (intent: HostIntent): Promise<CommandResult> => {
    const now = clock.serverNow();
    const result = await postCommand(
      streamId,
      buildHostCommand(
        commandBase(),
        intent,
        now,
        clock.medianRoundTrip(),
        classRoundTrip(statuses$.value, now),
      ),
    );
    if (result.ok && result.event.seq > log.lastSeq) {
      answered = [...answered, result.event].sort((a, b) => a.seq - b.seq).slice(-ANSWERED_KEPT);
    }
    return result;
  };

  return {
    streamId,
    model$: model$.pipe(
      filter((m): m is RoomModel => m !== null),
      distinctUntilChanged(),
    ),
    model: () => model$.value,
    connection$: transport.status$,
    status$,
    serverNow: clock.serverNow,
    clock,
    participantStatus$: statuses$.asObservable(),
    command: (intent) => {
      const result = queue.then(() => send(intent));
      queue = result.catch(() => undefined);
      return result;
    },
    report: (status) => {
      const rttMs = clock.medianRoundTrip();
      return transport.send({
        type: 'status',
        streamId,
        ...status,
        ...(rttMs > 0 ? { rttMs: Math.min(60_000, Math.round(rttMs)) } : {}),
      });
    },
    visible: () => clock.burst(),
    close: () => {
      subs.unsubscribe();
      clock.stop();
      if (gapTimer !== undefined) scheduler.clearTimeout(gapTimer);
      transport.unsubscribeRoom(streamId);
      model$.complete();
      failure$.complete();
      statuses$.complete();
    },
  };
};

/** How often a follower reports its drift and buffering to the host (ms). */
const STATUS_REPORT_MS = 2000;

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
