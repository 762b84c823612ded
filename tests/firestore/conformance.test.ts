import { FS } from '../../src/contracts/firestore';
import {
  describeTransportConformance,
  type ConformanceHarness,
  type ConformanceUser,
} from '../../src/engine/testing/transport-conformance';
import { createFirestoreTransport } from '../../src/engine/transports/firestore';
import type { FirestoreSession } from '../../src/lib/firestore-port';
import {
  appScheduler,
  CONFORMANCE_ACCOUNTS,
  createConformanceRoom,
  pollUntil,
  postCommandVia,
  recordAndBus,
} from '../../src/server/testing/conformance-app';
import { describeWithEmulator, markEmulatorFault, useEmulatorApp } from './support';

/**
 * The Firestore transport against the transport conformance suite the memory hub and /ws pass:
 * the real app (REALTIME_BACKEND=firestore) writes the room to the emulator, the browser SDK
 * (in Node) reads it under firestore.rules with the identity the server mints.
 */

describeWithEmulator('firestore transport', () => {
  const ctx = useEmulatorApp();
  const scheduler = appScheduler(() => ctx().t);
  const postCommandAs = postCommandVia(
    () => ctx().t,
    (user) => ctx().token(CONFORMANCE_ACCOUNTS[user]),
  );

  const harness = async (): Promise<ConformanceHarness> => {
    const { t, token, session } = ctx();
    const streamId = await createConformanceRoom(t, await token(CONFORMANCE_ACCOUNTS.host));
    const sessions = new Map<ConformanceUser, FirestoreSession[]>();
    const transports: Array<{ close(): void }> = [];
    const firestore = t.app.firestoreMirror!.firestore;
    return {
      streamId,
      scheduler,
      transport: (user) => {
        const transport = createFirestoreTransport({
          scheduler,
          connect: async () => {
            const s = await session(CONFORMANCE_ACCOUNTS[user]);
            sessions.set(user, [...(sessions.get(user) ?? []), s]);
            return s;
          },
        });
        transports.push(transport);
        return transport;
      },
      postCommand: postCommandAs,
      // storeUnpublished writes the record, never the bus: the mirror must fill the hole from
      // the database.
      ...recordAndBus(t, streamId),
      storeMalformed: async (seq) => {
        await firestore
          .collection(FS.events(streamId))
          .doc(`malformed-${seq}`)
          .set({ seq, event: '{not json' });
      },
      dropConnections: (user) => {
        // The SDK's network cut, then back a moment later (its listeners stay).
        for (const s of sessions.get(user) ?? []) {
          void s
            .disableNetwork()
            .then(() => new Promise((r) => setTimeout(r, 300)).then(() => s.enableNetwork()));
        }
      },
      until: markEmulatorFault(pollUntil(15_000)),
      close: () => {
        for (const transport of transports) transport.close();
        return Promise.resolve();
      },
    };
  };

  describeTransportConformance('firestore', harness, 'documents');
});
