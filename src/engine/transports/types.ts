import type { Observable } from 'rxjs';
import type { ClientMessage, ServerMessage, Unversioned } from '../../contracts/realtime';
import type { RoomEvent, RoomFeed, StreamCommand } from '../../contracts/stream';

/**
 * A connection's state. `versionMismatch` is final: the hub does not speak this build's protocol
 * (the page must reload), so the transport stops reconnecting.
 */
export type TransportStatus = 'connecting' | 'open' | 'closed' | 'versionMismatch';

/** The outcome of a host command: the stored event, or why it was refused. */
export type CommandResult =
  | { ok: true; event: RoomEvent }
  | {
      ok: false;
      code: 'forbidden' | 'notFound' | 'badRequest' | 'conflict' | 'network';
      message: string;
    };

/**
 * Sends a host command where the room's log lives (POST /v1/stream/{id}/{kind} on this server,
 * the local log in solo viewing). Commands are requests with an answer, not socket messages, so
 * the room client takes this function beside the transport.
 */
export type PostCommand = (streamId: string, command: StreamCommand) => Promise<CommandResult>;

/**
 * What the engine needs from a connection to the realtime hub. Implementations: `ws` (this
 * server, and the memory hub of `engine/testing`, over any WebSocket-like socket) and the solo
 * transport. `engine/testing/transport-conformance.ts` is the suite a new one must pass.
 */
export interface RoomTransport {
  /** Every parsed server message. */
  readonly messages$: Observable<ServerMessage>;
  /** Snapshots and event batches, as a `RoomLog` consumes them. */
  readonly events$: Observable<RoomFeed>;
  readonly status$: Observable<TransportStatus>;
  /** The current status. */
  status(): TransportStatus;
  /** Sends one message; false when the connection is not open (the message is dropped). */
  send(message: Unversioned<ClientMessage>): boolean;
  /**
   * Follows a room; kept across reconnects. Every (re)subscribe asks `sinceSeq()` where to resume
   * (the caller's room log head; undefined: from a snapshot).
   */
  subscribeRoom(streamId: string, sinceSeq: () => number | undefined): void;
  unsubscribeRoom(streamId: string): void;
  /** Asks again for everything after `sinceSeq()` (a gap did not fill). */
  resync(streamId: string): void;
  /** Follows the rooms list (optionally of one session); kept across reconnects. */
  subscribeStreamList(sessionId?: string): void;
  unsubscribeStreamList(): void;
  /** Closes for good: no reconnect. */
  close(): void;
}
