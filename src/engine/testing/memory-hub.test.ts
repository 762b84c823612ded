import { createWsTransport } from '../transports/ws';
import { createImmediateLink, createMemoryNetwork, MemoryRoomHub } from './memory-hub';
import { SimScheduler } from './sim-scheduler';
import {
  describeTransportConformance,
  type ConformanceHarness,
  type ConformanceUser,
} from './transport-conformance';

/** The memory hub against the transport conformance suite (the `/ws` hub runs the same). */

const USERS: Record<ConformanceUser, string> = {
  host: 'host-1',
  member: 'student-1',
  outsider: 'stranger-1',
};

let rooms = 0;

const memoryHarness = (): Promise<ConformanceHarness> => {
  const sim = new SimScheduler(1_700_000_000_000);
  const hub = new MemoryRoomHub(() => sim.now());
  const streamId = `room-${++rooms}`;
  hub.openRoom(streamId, USERS.host, [USERS.member]);
  const link = createImmediateLink(sim);
  const networks = new Map<ConformanceUser, ReturnType<typeof createMemoryNetwork>>();
  const network = (user: ConformanceUser) => {
    let n = networks.get(user);
    if (!n) networks.set(user, (n = createMemoryNetwork(hub, USERS[user], link)));
    return n;
  };
  const transports: Array<{ close(): void }> = [];
  return Promise.resolve({
    streamId,
    scheduler: sim,
    transport: (user) => {
      const t = createWsTransport({
        connect: network(user).connect,
        scheduler: sim,
        getToken: () => USERS[user],
      });
      transports.push(t);
      return t;
    },
    postCommand: (user) => hub.postCommandAs(USERS[user]),
    rawSocket: () => network('member').connect(),
    token: (user) => USERS[user],
    storeUnpublished: (event) => {
      hub.storeUnpublished(event);
      return Promise.resolve();
    },
    publish: (events) => {
      hub.publish(streamId, events);
      return Promise.resolve();
    },
    dropConnections: (user) => {
      for (const s of network(user).sockets) s.drop();
    },
    until: async (check, what) => {
      // Simulated time: a minute of it is far more than any scenario needs.
      for (let t = 0; t < 60_000; t += 10) {
        if (check()) return;
        sim.advance(10);
        await Promise.resolve();
        await Promise.resolve();
      }
      if (!check()) throw new Error(`not within a simulated minute: ${what}`);
    },
    close: () => {
      for (const t of transports) t.close();
      return Promise.resolve();
    },
  });
};

describeTransportConformance('memory hub', memoryHarness);
