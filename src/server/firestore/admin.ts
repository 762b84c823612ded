import { cert, deleteApp, initializeApp, type App as FirebaseApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { readFileSync } from 'node:fs';
import type { RealtimeConfig } from '../config';

type FirestoreConfig = Extract<RealtimeConfig, { backend: 'firestore' }>;

/** The server's Firebase handle: Firestore (admin: rules do not apply) and custom tokens. */
export interface FirebaseAdmin {
  firestore: Firestore;
  /** A custom token for the user with the rules' claims; null on the emulator (no Auth there). */
  customToken(uid: string, claims: Record<string, unknown>): Promise<string> | null;
  close(): Promise<void>;
}

let apps = 0;

/**
 * Opens firebase-admin for the configured project: on the emulator without credentials (the
 * client library then sends the emulator's `owner` header), on Firebase with the service account.
 * One named app per server instance, so tests can run several.
 */
export function openFirebaseAdmin(config: FirestoreConfig): FirebaseAdmin {
  const credential =
    config.credentials?.type === 'json'
      ? cert(config.credentials.json)
      : config.credentials?.type === 'file'
        ? cert(JSON.parse(readFileSync(config.credentials.path, 'utf8')) as Record<string, string>)
        : undefined;
  const app: FirebaseApp = initializeApp(
    { projectId: config.projectId, ...(credential ? { credential } : {}) },
    `tomoni-${process.pid}-${++apps}`,
  );
  const firestore = getFirestore(app);
  firestore.settings({
    ignoreUndefinedProperties: true,
    ...(config.emulatorHost ? { host: config.emulatorHost, ssl: false } : {}),
  });
  return {
    firestore,
    customToken: (uid, claims) =>
      config.emulatorHost ? null : getAuth(app).createCustomToken(uid, claims),
    close: async () => {
      await firestore.terminate().catch(() => undefined);
      await deleteApp(app).catch(() => undefined);
    },
  };
}
