import { BehaviorSubject, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../contracts/realtime';
import type { RoomFeed } from '../../contracts/stream';
import { createDeferredTransport } from './deferred';
import type { RoomTransport, TransportStatus } from './types';

/** A transport that records what it was asked. */
const recording = () => {
  const calls: string[] = [];
  const status$ = new BehaviorSubject<TransportStatus>('open');
  const events$ = new Subject<RoomFeed>();
  const transport: RoomTransport = {
    messages$: new Subject<ServerMessage>(),
    events$,
    status$,
    status: () => status$.value,
    send: (m) => (calls.push(`send ${m.type}`), true),
    subscribeRoom: (id, since) => void calls.push(`room ${id} since ${since()}`),
    unsubscribeRoom: (id) => void calls.push(`leave ${id}`),
    resync: (id) => void calls.push(`resync ${id}`),
    subscribeStreamList: (s) => void calls.push(`list ${s ?? 'all'}`),
    unsubscribeStreamList: () => void calls.push('unlist'),
    close: () => void calls.push('close'),
  };
  return { transport, calls, events$ };
};

describe('createDeferredTransport', () => {
  it('is connecting until chosen, then hands over what was followed meanwhile', async () => {
    let choose!: (t: RoomTransport) => void;
    const deferred = createDeferredTransport(new Promise((r) => (choose = r)));
    const statuses: TransportStatus[] = [];
    deferred.status$.subscribe((s) => statuses.push(s));
    const feeds: RoomFeed[] = [];
    deferred.events$.subscribe((f) => feeds.push(f));
    deferred.subscribeRoom('room-1', () => 4);
    deferred.subscribeStreamList('session-1');
    expect(deferred.send({ type: 'ping', id: 1, clientTime: 0 })).toBe(false);

    const inner = recording();
    choose(inner.transport);
    await Promise.resolve();
    expect(inner.calls).toEqual(['room room-1 since 4', 'list session-1']);
    expect(statuses).toEqual(['connecting', 'open']);
    inner.events$.next({ type: 'events', streamId: 'room-1', events: [] });
    expect(feeds).toHaveLength(1);
    expect(deferred.send({ type: 'ping', id: 1, clientTime: 0 })).toBe(true);
    deferred.resync('room-1');
    deferred.close();
    expect(inner.calls.slice(2)).toEqual(['send ping', 'resync room-1', 'close']);
  });

  it('closes a transport chosen after it was closed, and is closed when the choice fails', async () => {
    let choose!: (t: RoomTransport) => void;
    const deferred = createDeferredTransport(new Promise((r) => (choose = r)));
    deferred.close();
    const inner = recording();
    choose(inner.transport);
    await Promise.resolve();
    expect(inner.calls).toEqual(['close']);

    const failed = createDeferredTransport(Promise.reject(new Error('offline')));
    await new Promise((r) => setTimeout(r, 0));
    expect(failed.status()).toBe('closed');
  });
});
