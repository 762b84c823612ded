/**
 * The part of a `ws` WebSocket the hub uses. A real socket at /ws satisfies it, and so does an
 * HTTP session of the fallback (realtime/http-session.ts): every hub feature is the same code.
 */
export interface HubSocket {
  readonly OPEN: number;
  readonly readyState: number;
  /** Bytes queued for the client and not yet delivered (the overload guard reads it). */
  readonly bufferedAmount: number;
  send(data: Buffer | string, options?: { binary?: boolean }): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  /** A liveness check: answered with a `pong` event while the client is there. */
  ping(): void;
  on(event: 'pong', listener: () => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): unknown;
}
