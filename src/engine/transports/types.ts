import type { Observable } from 'rxjs';
import type { ClientMessage, ServerMessage, Unversioned } from '../../contracts/realtime';
import type { RoomEvent, StreamCommand } from '../../contracts/stream';
import type { RoomFeed } from '../reducer';

export type TransportStatus = 'connecting' | 'open' | 'closed';

/** The outcome of a host command: the stored event, or why it was refused. */
export type CommandResult =
  | { ok: true; event: RoomEvent }
  | { ok: false; code: 'forbidden' | 'notFound' | 'badRequest' | 'network'; message: string };

/**
 * What the engine needs from a connection to the realtime hub. Implementations: `ws` (this
 * server, over any WebSocket-like socket) and `memory` (tests and solo viewing).
 */
export interface RoomTransport {
  /** Every parsed server message. */
  readonly messages$: Observable<ServerMessage>;
  /** Snapshots and event batches, as the room fold consumes them. */
  readonly events$: Observable<RoomFeed>;
  readonly status$: Observable<TransportStatus>;
  /** The current status. */
  status(): TransportStatus;
  /** Sends one message; false when the connection is not open (the message is dropped). */
  send(message: Unversioned<ClientMessage>): boolean;
  /** Follows a room; kept across reconnects, resubscribing from the last seq seen. */
  subscribeRoom(streamId: string): void;
  unsubscribeRoom(streamId: string): void;
  /** Asks again for everything after the last contiguous seq (a gap did not fill). */
  resync(streamId: string): void;
  /** Follows the rooms list (optionally of one session); kept across reconnects. */
  subscribeStreamList(sessionId?: string): void;
  unsubscribeStreamList(): void;
  /** Sends a host command (POST /v1/stream/{id}/{kind} on the real server). */
  command(streamId: string, command: StreamCommand): Promise<CommandResult>;
  /** Closes for good: no reconnect. */
  close(): void;
}
