import { BehaviorSubject, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  PROTOCOL_VERSION,
  type ClientMessage,
  type ServerMessage,
  type Unversioned,
} from '../contracts/realtime';
import { createTransportSessionFeed, type SessionFeedEvent } from './session-feed';
import type { RoomTransport, TransportStatus } from './transports/types';

/** A hand-driven transport: the test sets its status and pushes server messages. */
function fakeTransport() {
  const status$ = new BehaviorSubject<TransportStatus>('connecting');
  const messages$ = new Subject<ServerMessage>();
  const sent: Unversioned<ClientMessage>[] = [];
  let closed = false;
  const transport: RoomTransport = {
    messages$,
    events$: new Subject(),
    status$,
    status: () => status$.value,
    send: (m) => {
      if (status$.value !== 'open') return false;
      sent.push(m);
      return true;
    },
    subscribeRoom: () => undefined,
    unsubscribeRoom: () => undefined,
    resync: () => undefined,
    subscribeStreamList: () => undefined,
    unsubscribeStreamList: () => undefined,
    close: () => {
      closed = true;
    },
  };
  return { transport, status$, messages$, sent, isClosed: () => closed };
}

const change = (sessionId: string, targetId: string): ServerMessage => ({
  v: PROTOCOL_VERSION,
  type: 'sessionChange',
  sessionId,
  kind: 'output',
  targetId,
});

describe('createTransportSessionFeed', () => {
  it('opens one transport, subscribes on open and again after a reconnect, and says so', () => {
    const fake = fakeTransport();
    let opens = 0;
    const feed = createTransportSessionFeed(() => {
      opens++;
      return fake.transport;
    });
    const a: SessionFeedEvent[] = [];
    const b: SessionFeedEvent[] = [];
    const stopA = feed.watch('s1', (e) => a.push(e));
    const stopB = feed.watch('s1', (e) => b.push(e));
    expect(opens).toBe(1);
    fake.status$.next('open');
    expect(fake.sent).toEqual([{ type: 'subscribeSession', sessionId: 's1' }]);

    fake.messages$.next(change('s1', 'o1'));
    fake.messages$.next(change('s2', 'o2'));
    expect(a).toEqual([
      { type: 'change', change: { sessionId: 's1', kind: 'output', targetId: 'o1' } },
    ]);
    expect(b).toEqual(a);

    fake.status$.next('connecting');
    fake.status$.next('open');
    expect(fake.sent.at(-1)).toEqual({ type: 'subscribeSession', sessionId: 's1' });
    expect(a.at(-1)).toEqual({ type: 'reconnected' });

    stopA();
    expect(fake.isClosed()).toBe(false);
    stopB();
    expect(fake.isClosed()).toBe(true);
  });

  it('subscribes a second session on the open socket and unsubscribes the one left', () => {
    const fake = fakeTransport();
    const feed = createTransportSessionFeed(() => fake.transport);
    const stop1 = feed.watch('s1', () => undefined);
    fake.status$.next('open');
    const stop2 = feed.watch('s2', () => undefined);
    expect(fake.sent).toEqual([
      { type: 'subscribeSession', sessionId: 's1' },
      { type: 'subscribeSession', sessionId: 's2' },
    ]);
    stop1();
    stop1();
    expect(fake.sent.at(-1)).toEqual({ type: 'unsubscribeSession', sessionId: 's1' });
    expect(fake.isClosed()).toBe(false);
    stop2();
    expect(fake.isClosed()).toBe(true);
  });
});
