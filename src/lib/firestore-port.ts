import type { FirebaseApp } from 'firebase/app';
import type { Firestore, QueryConstraint } from 'firebase/firestore';
import type { RealtimeConfig, RealtimeToken } from '@/contracts/api/realtime';
import { FS, sessionFeedFor } from '@/contracts/firestore';

/** One listened query's snapshot, as the engine's Firestore transport reads it. */
interface DocBatch {
  added: readonly unknown[];
  modified: readonly unknown[];
  fromCache: boolean;
}
interface DocListener {
  next(batch: DocBatch): void;
  error(code: string): void;
}

/**
 * The browser SDK behind the engine's `FirestorePort` (structurally the same interface: lib does
 * not import the engine). `firebase/app`, `firebase/firestore` and `firebase/auth` are imported
 * here dynamically, so they load only when the server says REALTIME_BACKEND=firestore and never
 * weigh on the first load of /login and /.
 */
export interface FirestoreSession {
  listenEvents(streamId: string, afterSeq: number, listener: DocListener): () => void;
  listenMessages(streamId: string, since: number, listener: DocListener): () => void;
  listenGroupStreams(groupId: string, since: number, listener: DocListener): () => void;
  listenSessionChanges(sessionId: string, since: number, listener: DocListener): () => void;
  readonly groupIds: readonly string[];
  /** Cuts and restores the SDK's connection (tests: a dropped network). */
  disableNetwork(): Promise<void>;
  enableNetwork(): Promise<void>;
  close(): void;
}

let apps = 0;

/** Signs in to Firestore with the identity the server minted and returns the listening port. */
export async function openFirestoreSession(
  config: Extract<RealtimeConfig, { backend: 'firestore' }>,
  identity: RealtimeToken,
): Promise<FirestoreSession> {
  const [{ initializeApp, deleteApp }, fs] = await Promise.all([
    import('firebase/app'),
    import('firebase/firestore'),
  ]);
  // One app per session: each holds its own identity (tests open several in one process).
  const app: FirebaseApp = initializeApp(config.firebase, `tomoni-${++apps}`);
  const db: Firestore = fs.getFirestore(app);
  if (config.emulator) {
    fs.connectFirestoreEmulator(db, config.emulator.host, config.emulator.port, {
      ...(identity.kind === 'mock' ? { mockUserToken: identity.token } : {}),
    });
  }
  if (identity.kind === 'custom') {
    const { getAuth, signInWithCustomToken } = await import('firebase/auth');
    await signInWithCustomToken(getAuth(app), identity.token);
  }

  const listen = (path: string, constraints: QueryConstraint[], listener: DocListener) =>
    fs.onSnapshot(
      fs.query(fs.collection(db, path), ...constraints),
      { includeMetadataChanges: true },
      (snap) => {
        const added: unknown[] = [];
        const modified: unknown[] = [];
        for (const change of snap.docChanges()) {
          if (change.type === 'added') added.push(change.doc.data());
          else if (change.type === 'modified') modified.push(change.doc.data());
        }
        listener.next({ added, modified, fromCache: snap.metadata.fromCache });
      },
      (err) => listener.error(err.code),
    );

  let closing: Promise<void> | null = null;
  return {
    listenEvents: (streamId, afterSeq, listener) =>
      listen(FS.events(streamId), [fs.where('seq', '>', afterSeq), fs.orderBy('seq')], listener),
    listenMessages: (streamId, since, listener) =>
      listen(FS.messages(streamId), [fs.where('at', '>=', since), fs.orderBy('at')], listener),
    listenGroupStreams: (groupId, since, listener) =>
      listen(FS.groupStreams(groupId), [fs.where('at', '>=', since)], listener),
    // The one feed this identity may read (firestore.rules walls the feeds per school).
    listenSessionChanges: (sessionId, since, listener) =>
      listen(
        FS.sessionChanges(sessionId, sessionFeedFor(identity.uid, identity.claims)),
        [fs.where('at', '>=', since), fs.orderBy('at')],
        listener,
      ),
    groupIds: identity.claims.groups,
    disableNetwork: () => fs.disableNetwork(db),
    enableNetwork: () => fs.enableNetwork(db),
    close: () => {
      if (closing) return;
      closing = fs.terminate(db).then(() => deleteApp(app));
      void closing.catch(() => undefined);
    },
  };
}
