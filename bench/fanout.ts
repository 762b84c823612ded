import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { WebSocket, type RawData } from 'ws';
import { z } from 'zod';
import { encodeClientMessage, PROTOCOL_VERSION } from '../src/contracts/realtime';
import { StreamCommandResponse, StreamResponse } from '../src/contracts/stream';
import { DEMO_PASSWORDS } from '../src/server/seed/accounts';
import { DEMO_IDS } from '../src/server/seed/demo';
import {
  api,
  fmt,
  hardDeadline,
  login,
  openFilesLimit,
  percentile,
  pool,
  ROOT,
  sleep,
  startServerProcess,
  wallNow,
  type ServerProcess,
  envInt,
} from './support';

/**
 * `npm run bench:fanout`: delivery latency and throughput of the room hub against a bare `ws`
 * broadcast server, in one run, on loopback.
 *
 * Tomoni: the real server (src/server/main.ts) in its own process — the load generator needs a
 * CPU of its own — on a fresh PGlite database with the demo seed. The demo teacher and students
 * log in once each; their tokens are reused across sockets. The teacher creates ROOMS rooms; CLIENTS
 * sockets (the teacher's own socket plus students) subscribe, spread evenly; then each room's host
 * sends COMMANDS commands through POST /v1/stream/{id}/{kind}, one every INTERVAL_MS, the rooms
 * staggered evenly across the interval. Every socket records receive time − the event's
 * serverTime (one machine, one wall clock).
 *
 * Baseline: bench/baseline-server.ts in its own process, the same sockets and rooms, one publisher
 * socket per room sending the same number of frames on the same schedule, each frame padded to
 * the size of Tomoni's events frame.
 *
 * Figures: p50/p99 delivery latency, and delivered events per second = deliveries ÷ (last
 * delivery − first send). The offered load is the same for both; a server that falls behind
 * stretches its delivery window and drops below the baseline's rate.
 */

const CLIENTS = envInt('BENCH_CLIENTS', 5000);
const ROOMS = envInt('BENCH_ROOMS', 200);
const COMMANDS = envInt('BENCH_COMMANDS', 20);
const INTERVAL_MS = envInt('BENCH_INTERVAL_MS', 1000);
const CONNECT_CONCURRENCY = 50;
/** After the last send, deliveries still missing after this are counted lost. */
const DRAIN_MS = 20_000;
const TOTAL_LIMIT_MS = 15 * 60_000;
const TARGET_P99_MS = 100;
const TARGET_RATIO = 0.7;
const STUDENTS = Array.from({ length: 28 }, (_, i) => `student${String(i + 1).padStart(2, '0')}`);

// ---------------------------------------------------------------------------------------------
// Recording deliveries

class Recorder {
  readonly latencies: Float64Array;
  count = 0;
  recording = false;
  firstSend = Number.POSITIVE_INFINITY;
  lastReceive = 0;
  frameBytes = 0;
  /** Deliveries seen while not recording (warm-up). */
  warmup = 0;

  constructor(capacity: number) {
    this.latencies = new Float64Array(capacity);
  }

  onFrame = (data: RawData): void => {
    const at = wallNow();
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString()
      : Buffer.isBuffer(data)
        ? data.toString()
        : Buffer.from(data).toString();
    // A load generator cannot afford a schema parse per frame (100,000s of them); it only reads
    // the serverTime of `events` frames and ignores anything else.
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    if (!('type' in message) || message.type !== 'events') return;
    if (!('events' in message) || !Array.isArray(message.events)) return;
    for (const e of message.events as unknown[]) {
      if (typeof e !== 'object' || e === null || !('serverTime' in e)) continue;
      if (typeof e.serverTime !== 'number') continue;
      if (!this.recording) {
        this.warmup++;
        continue;
      }
      if (this.count < this.latencies.length) this.latencies[this.count] = at - e.serverTime;
      this.count++;
      this.lastReceive = at;
      this.frameBytes = Buffer.byteLength(text);
    }
  };
}

interface RunResult {
  name: string;
  clients: number;
  rooms: number;
  expected: number;
  delivered: number;
  failedSends: number;
  eventsPerS: number;
  p50: number;
  p99: number;
  max: number;
  frameBytes: number;
  windowS: number;
}

interface Target {
  name: string;
  /** Opens client `i` of room `room` and resolves once it receives the room's live feed. */
  open(i: number, room: number, onFrame: (d: RawData) => void): Promise<WebSocket>;
  /** Sends one host command / publisher frame to `room`. */
  publish(room: number, k: number): Promise<void>;
  close(): Promise<void>;
}

/** Opens a socket and resolves when `isLive` accepts a frame; rejects after 30 s. */
function openSocket(
  url: string,
  onFrame: (d: RawData) => void,
  onReady: (ws: WebSocket, frame: string) => 'live' | 'wait',
  /** Sent as soon as the socket opens (tomoni's `auth` first message). */
  first?: string,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    if (first !== undefined) ws.once('open', () => ws.send(first));
    let live = false;
    const timer = setTimeout(() => {
      ws.terminate();
      reject(
        new Error(`socket did not become live in 30 s: ${url.replace(/token=[^&]+/, 'token=…')}`),
      );
    }, 30_000);
    ws.on('message', (data) => {
      if (live) return onFrame(data);
      const text = Buffer.isBuffer(data) ? data.toString() : String(data);
      let state: 'live' | 'wait';
      try {
        state = onReady(ws, text);
      } catch (e) {
        clearTimeout(timer);
        ws.terminate();
        return reject(e instanceof Error ? e : new Error(String(e)));
      }
      if (state === 'live') {
        live = true;
        clearTimeout(timer);
        resolve(ws);
      }
    });
    ws.on('error', (e) => {
      if (!live) {
        clearTimeout(timer);
        reject(e);
      }
    });
  });
}

async function run(target: Target, recorder: Recorder): Promise<RunResult> {
  const sockets: WebSocket[] = [];
  const perRoom = Math.floor(CLIENTS / ROOMS);
  const order = Array.from({ length: CLIENTS }, (_, i) => i);
  const started = Date.now();
  await pool(order, CONNECT_CONCURRENCY, async (i) => {
    sockets.push(await target.open(i, i % ROOMS, recorder.onFrame));
  });
  console.log(
    `  ${target.name}: ${sockets.length} sockets live in ${fmt((Date.now() - started) / 1000)} s`,
  );
  const subscribersOf = (room: number) => perRoom + (room < CLIENTS % ROOMS ? 1 : 0);
  const perCommand = Array.from({ length: ROOMS }, (_, r) => subscribersOf(r)).reduce(
    (a, b) => a + b,
    0,
  );

  // Warm-up: one command per room, not measured (first-use costs: JIT, cached stream heads).
  await Promise.all(Array.from({ length: ROOMS }, (_, r) => target.publish(r, -1)));
  const warmDeadline = Date.now() + DRAIN_MS;
  while (recorder.warmup < perCommand && Date.now() < warmDeadline) await sleep(50);
  await sleep(1000);

  // Measured: COMMANDS per room, one every INTERVAL_MS, rooms staggered across the interval.
  const expected = perCommand * COMMANDS;
  let failedSends = 0;
  const failures = new Map<string, number>();
  const inFlight: Array<Promise<void>> = [];
  recorder.recording = true;
  const t0 = wallNow() + 50;
  const stagger = INTERVAL_MS / ROOMS;
  for (let k = 0; k < COMMANDS; k++) {
    for (let r = 0; r < ROOMS; r++) {
      const due = t0 + k * INTERVAL_MS + r * stagger;
      const wait = due - wallNow();
      if (wait > 1) await sleep(wait);
      recorder.firstSend = Math.min(recorder.firstSend, wallNow());
      inFlight.push(
        target.publish(r, k).catch((e: unknown) => {
          failedSends++;
          const cause =
            e instanceof Error && e.cause instanceof Error ? `: ${e.cause.message}` : '';
          const key = `${e instanceof Error ? e.message : String(e)}${cause}`.slice(0, 160);
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }),
      );
    }
  }
  const lastSend = wallNow();
  await Promise.race([Promise.all(inFlight), sleep(DRAIN_MS)]);
  while (recorder.count < expected && wallNow() - lastSend < DRAIN_MS) await sleep(50);
  recorder.recording = false;

  for (const [message, count] of failures) console.log(`  ${target.name}: ${count}× ${message}`);
  const n = Math.min(recorder.count, recorder.latencies.length);
  const sorted = recorder.latencies.slice(0, n).sort();
  const windowS = (recorder.lastReceive - recorder.firstSend) / 1000;
  for (const s of sockets) s.terminate();
  await target.close();
  return {
    name: target.name,
    clients: sockets.length,
    rooms: ROOMS,
    expected,
    delivered: recorder.count,
    failedSends,
    eventsPerS: windowS > 0 ? recorder.count / windowS : 0,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: n > 0 ? sorted[n - 1]! : Number.NaN,
    frameBytes: recorder.frameBytes,
    windowS,
  };
}

// ---------------------------------------------------------------------------------------------
// The two targets

const commandBody = (k: number) => {
  const actions = ['play', 'skip', 'rateChange', 'pause'] as const;
  const action = actions[((k % 4) + 4) % 4]!;
  return {
    action,
    status: action === 'pause' ? 'paused' : 'playing',
    timeInVideo: Math.max(0, k) * 2.5,
    playbackRate: action === 'rateChange' ? 1.5 : 1,
    updatedAt: Math.round(wallNow()),
  };
};

/** POST a JSON body with a bearer token; resolves with the status and body text (30 s limit). */
function postJson(
  agent: Agent,
  url: string,
  token: string,
  body: unknown,
): Promise<{ status: number; text: string }> {
  const data = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        timeout: 30_000,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': data.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out after 30 s')));
    req.on('error', reject);
    req.end(data);
  });
}

async function tomoniTarget(server: ServerProcess): Promise<Target> {
  const { url } = server;
  const teacher = await login(url, 'teacher', DEMO_PASSWORDS.teacher);
  const students: string[] = [];
  for (const s of STUDENTS) students.push(await login(url, s, DEMO_PASSWORDS.student));

  const streamIds: string[] = [];
  await pool(
    Array.from({ length: ROOMS }, (_, i) => i),
    8,
    async (i) => {
      const { item } = await api(url, teacher, 'POST', '/v1/stream', StreamResponse, {
        sessionId: DEMO_IDS.sessions.oceanLive,
        name: `bench ${i}`,
        lang: 'ja',
        groupIds: [DEMO_IDS.groups.class2a],
        settings: {
          startTime: Date.now(),
          participantVideoVisiblity: false,
          videoQuality: 'low',
        },
      });
      streamIds[i] = item.id;
    },
  );
  console.log(`  tomoni: ${ROOMS} rooms created, ${1 + students.length} accounts signed in`);
  const wsBase = url.replace(/^http/, 'ws');
  // node:http with a keep-alive pool costs the load generator less CPU per command than fetch,
  // so its own lag stays out of the figures as far as possible.
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const ReadyOrFeed = z.object({ type: z.string(), streamId: z.string().optional() });

  return {
    name: 'tomoni',
    open(i, room, onFrame) {
      // The first socket of each room is the host's own; the rest are students.
      const token = i < ROOMS ? teacher : students[i % students.length]!;
      const streamId = streamIds[room]!;
      const auth = encodeClientMessage({ type: 'auth', token });
      return openSocket(
        `${wsBase}/ws`,
        onFrame,
        (ws, text) => {
          let frame: unknown;
          try {
            frame = JSON.parse(text);
          } catch {
            return 'wait';
          }
          const parsed = ReadyOrFeed.safeParse(frame);
          if (!parsed.success) return 'wait';
          if (parsed.data.type === 'ready') {
            ws.send(encodeClientMessage({ type: 'subscribe', streamId }));
            return 'wait';
          }
          if (parsed.data.type === 'error') throw new Error(`subscribe refused: ${text}`);
          return parsed.data.type === 'snapshot' || parsed.data.type === 'events' ? 'live' : 'wait';
        },
        auth,
      );
    },
    async publish(room, k) {
      const body = commandBody(k);
      const { status, text } = await postJson(
        agent,
        `${url}/v1/stream/${streamIds[room]!}/${body.action}`,
        teacher,
        body,
      );
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // reported below
      }
      if (status !== 200 || !StreamCommandResponse.safeParse(json).success) {
        throw new Error(`command ${body.action}: ${status} ${text.slice(0, 120)}`);
      }
    },
    close: () => {
      agent.destroy();
      return Promise.resolve();
    },
  };
}

async function startBaseline(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/baseline-server.ts'], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('baseline server did not start')), 30_000);
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', () => reject(new Error('baseline server exited')));
  });
  return { child, port };
}

async function baselineTarget(frameBytes: number): Promise<Target & { child: ChildProcess }> {
  const { child, port } = await startBaseline();
  const base = `ws://127.0.0.1:${port}`;
  // Pad the frame to Tomoni's size: the server adds the same envelope around `pad`.
  const envelope = JSON.stringify({
    v: PROTOCOL_VERSION,
    type: 'events',
    streamId: 'room-000',
    events: [{ serverTime: Math.round(wallNow()), pad: '' }],
  }).length;
  const pad = 'x'.repeat(Math.max(0, frameBytes - envelope));
  const publishers: WebSocket[] = [];
  for (let r = 0; r < ROOMS; r++) {
    publishers.push(
      await openSocket(
        `${base}/?room=room-${String(r).padStart(3, '0')}&role=pub`,
        () => undefined,
        () => 'live',
      ),
    );
  }
  return {
    name: 'baseline',
    child,
    open(_i, room, onFrame) {
      return openSocket(
        `${base}/?room=room-${String(room).padStart(3, '0')}&role=sub`,
        onFrame,
        () => 'live',
      );
    },
    publish(room) {
      const ws = publishers[room]!;
      return new Promise((resolve, reject) =>
        ws.send(JSON.stringify({ pad }), (e) => (e ? reject(e) : resolve())),
      );
    },
    async close() {
      for (const p of publishers) p.terminate();
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([once(child, 'exit'), sleep(5000)]);
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------

/** Stops for every child process started so far (run on success, failure and time-out). */
const children: Array<() => Promise<void>> = [];
const stopChildren = async () => {
  for (const stop of children.splice(0)) await stop().catch(() => undefined);
};

async function main(): Promise<void> {
  const limit = openFilesLimit();
  if (limit < CLIENTS + 1024) {
    console.error(
      `open files limit is ${limit}; ${CLIENTS} clients need at least ${CLIENTS + 1024} (raise it with ulimit -n)`,
    );
    process.exit(1);
  }
  hardDeadline(TOTAL_LIMIT_MS, stopChildren);

  console.log(
    `fanout: ${CLIENTS} clients in ${ROOMS} rooms, ${COMMANDS} commands per room every ${INTERVAL_MS} ms (offered ${fmt((CLIENTS * 1000) / INTERVAL_MS, 0)} deliveries/s), loopback`,
  );
  const server = await startServerProcess({
    // The benchmark's own server only: every client shares 127.0.0.1, so the per-address API
    // limit (which also counts /ws upgrades) would refuse the load generator.
    RATE_LIMIT_PER_MINUTE: '10000000',
  });
  children.push(server.stop);
  const tomoni = await run(await tomoniTarget(server), new Recorder(CLIENTS * (COMMANDS + 2)));
  await server.stop();
  children.splice(children.indexOf(server.stop), 1);

  const baseline = await baselineTarget(tomoni.frameBytes);
  children.push(baseline.close);
  const base = await run(baseline, new Recorder(CLIENTS * (COMMANDS + 2)));

  const ratio = base.eventsPerS > 0 ? tomoni.eventsPerS / base.eventsPerS : 0;
  const row = (label: string, f: (r: RunResult) => string) =>
    console.log(`${label.padEnd(22)}${f(tomoni).padStart(12)}${f(base).padStart(12)}`);
  console.log('');
  row('', (r) => r.name);
  row('clients', (r) => String(r.clients));
  row('rooms', (r) => String(r.rooms));
  row('frame bytes', (r) => String(r.frameBytes));
  row('expected deliveries', (r) => String(r.expected));
  row('delivered', (r) => String(r.delivered));
  row('failed sends', (r) => String(r.failedSends));
  row('window s', (r) => fmt(r.windowS, 2));
  row('events/s', (r) => fmt(r.eventsPerS, 0));
  row('p50 ms', (r) => fmt(r.p50));
  row('p99 ms', (r) => fmt(r.p99));
  row('max ms', (r) => fmt(r.max));
  const p99ok = tomoni.p99 <= TARGET_P99_MS;
  const ratioOk = ratio >= TARGET_RATIO;
  const complete = tomoni.delivered >= tomoni.expected && tomoni.failedSends === 0;
  console.log('');
  console.log(
    `${p99ok && ratioOk && complete ? 'PASS' : 'FAIL'}: p99 ${fmt(tomoni.p99)} ms (target ≤ ${TARGET_P99_MS}) ${p99ok ? 'ok' : 'MISSED'}; ratio ${fmt(ratio, 2)} (target ≥ ${TARGET_RATIO}) ${ratioOk ? 'ok' : 'MISSED'}; deliveries ${tomoni.delivered}/${tomoni.expected}${complete ? '' : ' INCOMPLETE'}`,
  );
  console.log(
    `fanout clients=${tomoni.clients} rooms=${ROOMS} events_per_s=${fmt(tomoni.eventsPerS, 0)} p50_ms=${fmt(tomoni.p50)} p99_ms=${fmt(tomoni.p99)} baseline_events_per_s=${fmt(base.eventsPerS, 0)} ratio=${fmt(ratio, 2)}`,
  );
  await stopChildren();
  process.exit(0);
}

main().catch(async (e: unknown) => {
  console.error(e);
  await stopChildren();
  process.exit(1);
});
