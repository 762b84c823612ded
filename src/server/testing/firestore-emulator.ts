import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { freePort } from './free-port';

/**
 * Google's Firestore emulator (the Debian package google-cloud-cli-firestore-emulator) for tests
 * and benchmarks: the JAR run directly on Java 17 (firebase-tools 15 refuses that Java), on a
 * free loopback port, stopped by the caller. The JAR is never part of the repository.
 */

const EMULATOR_PROJECT_ID = 'demo-tomoni';

const DEFAULT_JAR =
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';

/** The emulator JAR: FIRESTORE_EMULATOR_JAR, else where dpkg installed it, else null. */
function firestoreEmulatorJar(env = process.env): string | null {
  if (env.FIRESTORE_EMULATOR_JAR) {
    return existsSync(env.FIRESTORE_EMULATOR_JAR) ? env.FIRESTORE_EMULATOR_JAR : null;
  }
  if (existsSync(DEFAULT_JAR)) return DEFAULT_JAR;
  const listed = spawnSync('dpkg', ['-L', 'google-cloud-cli-firestore-emulator'], {
    encoding: 'utf8',
  });
  const jar = listed.status === 0 ? listed.stdout.split('\n').find((l) => l.endsWith('.jar')) : '';
  return jar && existsSync(jar) ? jar : null;
}

/** Why the emulator cannot run here (one line), or null when it can. */
export function firestoreEmulatorMissing(env = process.env): string | null {
  if (!firestoreEmulatorJar(env)) {
    return env.FIRESTORE_EMULATOR_JAR
      ? `FIRESTORE_EMULATOR_JAR=${env.FIRESTORE_EMULATOR_JAR} does not exist`
      : 'no Firestore emulator JAR (set FIRESTORE_EMULATOR_JAR or install google-cloud-cli-firestore-emulator)';
  }
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) return 'no java on PATH for the Firestore emulator';
  return null;
}

export interface FirestoreEmulator {
  /** `127.0.0.1:<port>`, the FIRESTORE_EMULATOR_HOST form. */
  host: string;
  port: number;
  projectId: string;
  /** Loads security rules (the emulator's REST endpoint; takes effect at once). */
  loadRules(rules: string): Promise<void>;
  /** Deletes every document of the project. */
  clear(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the emulator on a free loopback port; resolves once it answers HTTP. */
export async function startFirestoreEmulator(
  projectId = EMULATOR_PROJECT_ID,
): Promise<FirestoreEmulator> {
  const jar = firestoreEmulatorJar();
  if (!jar) throw new Error(firestoreEmulatorMissing() ?? 'no emulator');
  const port = await freePort();
  const child: ChildProcess = spawn(
    'java',
    [
      '-cp',
      jar,
      'com.google.cloud.datastore.emulator.firestore.CloudFirestore',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--project_id',
      projectId,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  const base = `http://127.0.0.1:${port}`;
  // A slow, shared machine: the JVM may take several seconds.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the Firestore emulator exited with ${child.exitCode}: ${stderr}`);
    }
    try {
      const res = await fetch(`${base}/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the Firestore emulator did not start within 60 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    host: `127.0.0.1:${port}`,
    port,
    projectId,
    loadRules: async (rules) => {
      const res = await fetch(`${base}/emulator/v1/projects/${projectId}:securityRules`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: rules }] } }),
      });
      if (!res.ok) throw new Error(`the emulator refused the rules: ${await res.text()}`);
    },
    clear: async () => {
      const res = await fetch(
        `${base}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
        { method: 'DELETE' },
      );
      if (!res.ok) throw new Error(`clearing the emulator failed: ${res.status}`);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}

/** The repository's security rules (firestore.rules at the root). */
export function repositoryRules(): string {
  return readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8');
}
