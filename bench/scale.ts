import { Agent, request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { WebSocket } from 'ws';
import { StreamCommandResponse, StreamResponse } from '../src/contracts/stream';
import {
  createRoomClient,
  createWsTransport,
  type RoomClient,
  type Scheduler,
} from '../src/engine';
import { DEMO_PASSWORDS } from '../src/server/seed/accounts';
import { DEMO_IDS } from '../src/server/seed/demo';
import {
  redisServerMissing,
  startPrivateRedis,
  type PrivateRedis,
} from '../src/server/testing/redis-server';
import {
  api,
  envInt,
  fmt,
  hardDeadline,
  login,
  openFilesLimit,
  percentile,
  pool,
  sleep,
  startServerProcess,
  wallNow,
  type ServerProcess,
} from './support';

/**
 * `npm run bench:scale`: rooms shared by two server instances through Redis, and what a class
 * notices when an instance dies or Redis restarts mid-lesson.
 *
 * Two real servers (src/server/main.ts, each its own process) on one fresh PostgreSQL database
 * and a private redis-server the bench starts on a free port. CLIENTS clients — each the engine's
 * own room client (createRoomClient over createWsTransport: reconnect with sinceSeq, gap and head
 * handling) — spread over ROOMS rooms. The host posts COMMANDS_PER_S commands per room per
 * second, always to instance A. Phases:
 *  1. one instance: every client on A (the reference figures);
 *  2. two instances: the clients spread over A and B (a load balancer's round robin);
 *  3. SIGKILL of B mid-lesson: B's clients reconnect to A (the balancer routes to the survivor);
 *     then B comes back and those clients are moved back to it (as a rebalance would);
 *  4. Redis stopped and started again mid-lesson (no persistence: it comes back empty).
 * Each disruption is followed at once by one marked command per room; its recovery time is the
 * moment the last client holds that command, minus the disruption. At the end every client's
 * received seq list is checked: from its first snapshot on, each seq exactly one more than the
 * previous (a gap or a duplicate is counted), ending at its room's last seq.
 */

const CLIENTS = envInt('BENCH_CLIENTS', 2000);
const ROOMS = envInt('BENCH_ROOMS', 40);
const PHASE_MS = envInt('BENCH_PHASE_MS', 10_000);
const INTERVAL_MS = envInt('BENCH_INTERVAL_MS', 1000);
const REDIS_DOWN_MS = envInt('BENCH_REDIS_DOWN_MS', 1000);
const DB_NAME = process.env.BENCH_SCALE_DB ?? 'room_scale';
const TOTAL_LIMIT_MS = 15 * 60_000;
const CONNECT_CONCURRENCY = 50;
const STUDENTS = Array.from({ length: 28 }, (_, i) => `student${String(i + 1).padStart(2, '0')}`);

const scheduler: Scheduler = {
  now: wallNow,
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

// ---------------------------------------------------------------------------------------------
// Clients

type InstanceName = 'A' | 'B';

interface Client {
  index: number;
  room: number;
  /** Where this client connects when that instance is up. */
  home: InstanceName;
  /** The instance its current socket reached. */
  on: InstanceName | null;
  socket: WebSocket | null;
  room$: RoomClient;
  close(): void;
  /** The snapshot seq it started from, then every seq it received, in order. */
  start: number | null;
  seqs: number[];
  /** When each seq arrived (wall clock ms), for the recovery markers. */
  arrivals: Map<number, number>;
}

const live: Record<InstanceName, boolean> = { A: false, B: false };
const wsUrl: Record<InstanceName, string> = { A: '', B: '' };
/** Receive time − the event's serverTime, by the instance that delivered it, while measuring. */
let recording: Record<InstanceName, number[]> | null = null;

function openClient(
  index: number,
  room: number,
  streamId: string,
  home: InstanceName,
  token: string,
): Client {
  const client = {
    index,
    room,
    home,
    on: null,
    socket: null,
    start: null,
    seqs: [],
    arrivals: new Map(),
  } as unknown as Client;
  const transport = createWsTransport({
    scheduler,
    getToken: () => token,
    // The balancer: the client's home instance while it is up, else the other one.
    connect: () => {
      const target: InstanceName = live[home] ? home : home === 'A' ? 'B' : 'A';
      const ws = new WebSocket(`${wsUrl[target]}/ws`, { perMessageDeflate: false });
      client.on = target;
      client.socket = ws;
      return ws;
    },
  });
  transport.messages$.subscribe((m) => {
    const at = wallNow();
    if (m.type === 'snapshot' && m.snapshot.streamId === streamId) {
      if (client.start === null) client.start = m.snapshot.seq;
      // A later snapshot would skip events: it counts as a gap in the check below.
      else if (m.snapshot.seq !== (client.seqs.at(-1) ?? client.start)) client.seqs.push(-1);
    }
    if (m.type === 'events' && m.streamId === streamId) {
      for (const e of m.events) {
        client.seqs.push(e.seq);
        client.arrivals.set(e.seq, at);
        if (recording && client.on) recording[client.on].push(at - e.serverTime);
      }
    }
  });
  client.room$ = createRoomClient({
    transport,
    // Students: the host's commands go over HTTP from the bench itself (postCommand below).
    postCommand: () =>
      Promise.resolve({ ok: false, code: 'forbidden', message: 'a student does not command' }),
    scheduler,
    streamId,
  });
  client.close = () => {
    client.room$.close();
    transport.close();
  };
  return client;
}

/** Gaps and duplicates in one client's list, and the seq it holds contiguously up to. */
function check(c: Client): { gaps: number; dups: number; last: number } {
  let prev = c.start ?? 0;
  let gaps = 0;
  let dups = 0;
  for (const s of c.seqs) {
    if (s === -1) gaps++;
    else if (s <= prev) dups++;
    else {
      if (s !== prev + 1) gaps++;
      prev = s;
    }
  }
  return { gaps, dups, last: prev };
}

// ---------------------------------------------------------------------------------------------
// The host

// One connection per room at most is in use by the lesson (a room's next command waits for the
// previous one); the marked commands after a disruption get connections of their own, so they
// never queue behind the lesson's.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const markerAgent = new Agent({ keepAlive: true, maxSockets: 64 });
let commandCount = 0;
const commandFailures = new Map<string, number>();

function postCommand(
  baseUrl: string,
  token: string,
  streamId: string,
  k: number,
  via: Agent = agent,
) {
  const actions = ['play', 'skip', 'rateChange', 'pause'] as const;
  const action = actions[k % 4]!;
  const body = Buffer.from(
    JSON.stringify({
      action,
      status: action === 'pause' ? 'paused' : 'playing',
      timeInVideo: k * 2.5,
      playbackRate: action === 'rateChange' ? 1.5 : 1,
      updatedAt: Math.round(wallNow()),
    }),
  );
  return new Promise<number>((resolve, reject) => {
    const req = request(
      `${baseUrl}/v1/stream/${streamId}/${action}`,
      {
        method: 'POST',
        agent: via,
        timeout: 30_000,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': body.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          const parsed = StreamCommandResponse.safeParse(JSON.parse(text || 'null'));
          if (res.statusCode !== 200 || !parsed.success) {
            return reject(new Error(`${res.statusCode} ${text.slice(0, 120)}`));
          }
          commandCount++;
          resolve(parsed.data.item.seq);
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out after 30 s')));
    req.on('error', reject);
    req.end(body);
  });
}

// ---------------------------------------------------------------------------------------------

async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${DB_NAME}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc (NaN where unreadable). */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

interface Latency {
  n: number;
  p50: number;
  p99: number;
}
const latency = (xs: number[]): Latency => {
  const sorted = Float64Array.from(xs).sort();
  return { n: xs.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

async function main(): Promise<void> {
  const missing = redisServerMissing();
  if (missing) {
    console.log(`bench:scale skipped: ${missing}`);
    return;
  }
  const limit = openFilesLimit();
  if (limit < CLIENTS + 1024) {
    throw new Error(`open-files limit ${limit} is below ${CLIENTS + 1024}; raise ulimit -n`);
  }

  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    for (const f of cleanups.reverse()) await f().catch(() => undefined);
  };
  hardDeadline(TOTAL_LIMIT_MS, cleanup);

  const db = await freshDatabase();
  cleanups.push(db.drop);
  const redis: PrivateRedis = await startPrivateRedis();
  cleanups.push(() => redis.stop());
  const env = {
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_PER_MINUTE: '10000000',
  };
  console.log(
    `bench:scale: ${CLIENTS} clients in ${ROOMS} rooms, PostgreSQL ${DB_NAME}, Redis ${redis.url}`,
  );

  const servers: Partial<Record<InstanceName, ServerProcess>> = {};
  const startInstance = async (name: InstanceName) => {
    const s = await startServerProcess(env);
    servers[name] = s;
    cleanups.push(() => s.stop());
    wsUrl[name] = s.url.replace(/^http/, 'ws');
    live[name] = true;
    return s;
  };
  // A runs the migrations and the demo seed on the fresh database; B finds them done.
  const a = await startInstance('A');

  const teacher = await login(a.url, 'teacher', DEMO_PASSWORDS.teacher);
  const students: string[] = [];
  for (const s of STUDENTS) students.push(await login(a.url, s, DEMO_PASSWORDS.student));
  const streamIds: string[] = [];
  for (let r = 0; r < ROOMS; r++) {
    const { item } = await api(a.url, teacher, 'POST', '/v1/stream', StreamResponse, {
      sessionId: DEMO_IDS.sessions.oceanLive,
      name: `scale ${r}`,
      lang: 'ja',
      groupIds: [DEMO_IDS.groups.class2a],
      settings: { startTime: Date.now(), participantVideoVisiblity: false, videoQuality: 'low' },
    });
    streamIds.push(item.id);
  }

  // The lesson: every room gets a command every INTERVAL_MS (rooms staggered), always on A.
  const lastSeq = new Array<number>(ROOMS).fill(0);
  let lessonOn = true;
  let k = 0;
  const inFlight = new Set<Promise<number>>();
  const busy = new Array<boolean>(ROOMS).fill(false);
  let skippedTicks = 0;
  const send = (r: number, via: Agent = agent) => {
    const p = postCommand(a.url, teacher, streamIds[r]!, k++, via)
      .then((seq) => {
        lastSeq[r] = Math.max(lastSeq[r]!, seq);
        return seq;
      })
      .catch((e: unknown) => {
        const key = e instanceof Error ? e.message : String(e);
        commandFailures.set(key, (commandFailures.get(key) ?? 0) + 1);
        return -1;
      });
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  };
  const lesson = (async () => {
    const stagger = INTERVAL_MS / ROOMS;
    const t0 = wallNow();
    for (let tick = 0; lessonOn; tick++) {
      for (let r = 0; r < ROOMS && lessonOn; r++) {
        const wait = t0 + tick * INTERVAL_MS + r * stagger - wallNow();
        if (wait > 1) await sleep(wait);
        // A host waits for the answer before the next click: a slow answer skips a tick.
        if (busy[r]) {
          skippedTicks++;
          continue;
        }
        busy[r] = true;
        void send(r).finally(() => {
          busy[r] = false;
        });
      }
    }
  })();

  const openAll = async (homes: (i: number) => InstanceName): Promise<Client[]> => {
    const clients: Client[] = [];
    await pool(
      Array.from({ length: CLIENTS }, (_, i) => i),
      CONNECT_CONCURRENCY,
      async (i) => {
        const room = i % ROOMS;
        const c = openClient(i, room, streamIds[room]!, homes(i), students[i % students.length]!);
        clients.push(c);
        const deadline = Date.now() + 30_000;
        while (c.start === null && Date.now() < deadline) await sleep(20);
        if (c.start === null) throw new Error(`client ${i} got no snapshot in 30 s`);
      },
    );
    return clients;
  };

  /** Waits until every client holds its room's last posted seq (or `ms` passes). */
  const settle = async (clients: Client[], ms = 15_000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (clients.every((c) => check(c).last >= lastSeq[c.room]!)) return true;
      await sleep(50);
    }
    return false;
  };

  /** A marked command per room right after a disruption; resolves with the recovery time. */
  const recovery = async (clients: Client[], at: number) => {
    const marks = await Promise.all(streamIds.map((_, r) => send(r, markerAgent)));
    const markedAfter = wallNow() - at;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (clients.every((c) => c.arrivals.has(marks[c.room]!))) break;
      await sleep(20);
    }
    const times: number[] = [];
    let missing = 0;
    for (const c of clients) {
      const got = c.arrivals.get(marks[c.room]!);
      if (got === undefined) missing++;
      else times.push(got - at);
    }
    const sorted = Float64Array.from(times).sort();
    return {
      markedAfter,
      ms: missing > 0 ? Number.POSITIVE_INFINITY : (sorted[sorted.length - 1] ?? 0),
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      missing,
    };
  };

  // Phase 1: one instance.
  let started = Date.now();
  const solo = await openAll(() => 'A');
  console.log(`  phase 1: ${solo.length} clients on A in ${fmt((Date.now() - started) / 1000)} s`);
  await sleep(1500);
  const cpu = () => ({
    bench: cpuSeconds(process.pid),
    A: cpuSeconds(servers.A?.child.pid),
    B: cpuSeconds(servers.B?.child.pid),
  });
  /** Where the CPU went during a measured phase (which process was the bottleneck). */
  const cpuLine = (before: ReturnType<typeof cpu>) => {
    const after = cpu();
    const share = (k: 'bench' | 'A' | 'B') => fmt((after[k] - before[k]) / (PHASE_MS / 1000), 2);
    return `cpu_per_s clients=${share('bench')} A=${share('A')} B=${share('B')}`;
  };
  let cpu0 = cpu();
  recording = { A: [], B: [] };
  await sleep(PHASE_MS);
  const oneCpu = cpuLine(cpu0);
  const one = latency(recording.A);
  recording = null;
  await settle(solo);
  for (const c of solo) c.close();
  const soloCheck = solo.map(check);
  console.log(
    `  one instance:  p50_ms=${fmt(one.p50)} p99_ms=${fmt(one.p99)} (${one.n} deliveries) ${oneCpu}`,
  );

  // Phase 2: two instances.
  await startInstance('B');
  started = Date.now();
  const clients = await openAll((i) => (i % 2 === 0 ? 'A' : 'B'));
  console.log(
    `  phase 2: ${clients.length} clients on A and B in ${fmt((Date.now() - started) / 1000)} s`,
  );
  await sleep(1500);
  cpu0 = cpu();
  recording = { A: [], B: [] };
  await sleep(PHASE_MS);
  console.log(`  two instances: ${cpuLine(cpu0)}`);
  const two = { A: latency(recording.A), B: latency(recording.B) };
  recording = null;
  for (const name of ['A', 'B'] as const) {
    const f = two[name];
    console.log(
      `  two instances, ${name}: p50_ms=${fmt(f.p50)} p99_ms=${fmt(f.p99)} (${f.n} deliveries)` +
        ` ratio_to_one p50=${fmt(f.p50 / one.p50, 2)} p99=${fmt(f.p99 / one.p99, 2)}`,
    );
  }

  // Phase 3: B dies mid-lesson; its clients go to A. Then B comes back and they return.
  await sleep(2000);
  const onB = clients.filter((c) => c.on === 'B');
  live.B = false;
  const killedAt = wallNow();
  servers.B!.child.kill('SIGKILL');
  const kill = await recovery(clients, killedAt);
  console.log(
    `  SIGKILL B: ${onB.length} clients moved to A, recover_ms=${fmt(kill.ms, 0)}` +
      ` (p50 ${fmt(kill.p50, 0)}, p90 ${fmt(kill.p90, 0)}; marked commands stored after ${fmt(kill.markedAfter, 0)} ms)` +
      (kill.missing ? ` (${kill.missing} never got the marked command)` : ''),
  );
  await sleep(3000);
  await servers.B!.stop();
  await startInstance('B');
  // The rebalance: the moved clients drop their socket and reconnect (home is B again).
  for (const c of onB) c.socket?.close(4000, 'rebalance');
  const back = Date.now();
  while (Date.now() - back < 30_000 && onB.some((c) => c.on !== 'B' || c.room$.model() === null)) {
    await sleep(50);
  }
  await settle(clients);
  console.log(`  B restarted: ${onB.filter((c) => c.on === 'B').length} clients back on B`);

  // Phase 4: Redis restarts mid-lesson.
  await sleep(3000);
  const redisAt = wallNow();
  await redis.stop();
  const marked = recovery(clients, redisAt);
  await sleep(REDIS_DOWN_MS);
  await redis.start();
  const restart = await marked;
  console.log(
    `  Redis restart (down ${REDIS_DOWN_MS} ms): recover_ms=${fmt(restart.ms, 0)}` +
      ` (p50 ${fmt(restart.p50, 0)}, p90 ${fmt(restart.p90, 0)}; marked commands stored after ${fmt(restart.markedAfter, 0)} ms)` +
      (restart.missing ? ` (${restart.missing} never got the marked command)` : ''),
  );
  await sleep(3000);

  lessonOn = false;
  await lesson;
  await Promise.all([...inFlight]);
  await sleep(500);
  const settled = await settle(clients);

  // The record: every client, from its snapshot to its room's last seq.
  let gaps = 0;
  let dups = 0;
  let delivered = 0;
  let expected = 0;
  for (const c of clients) {
    const r = check(c);
    gaps += r.gaps;
    dups += r.dups;
    const start = c.start ?? 0;
    expected += lastSeq[c.room]! - start;
    delivered += new Set(c.seqs.filter((s) => s > start)).size;
  }
  for (const r of soloCheck) {
    gaps += r.gaps;
    dups += r.dups;
  }
  for (const [message, count] of commandFailures)
    console.log(`  ${count}× command failed: ${message}`);
  const p99 = Math.max(two.A.p99, two.B.p99);
  const recoverMs = Math.max(kill.ms, restart.ms);
  console.log(
    `  commands: ${commandCount} (${skippedTicks} ticks skipped waiting for an answer); settled: ${settled ? 'yes' : 'no'}; ` +
      `clients on A ${clients.filter((c) => c.on === 'A').length}, on B ${clients.filter((c) => c.on === 'B').length}`,
  );
  const pass = gaps === 0 && dups === 0 && delivered === expected && commandFailures.size === 0;
  console.log(pass ? 'PASS' : 'FAIL');
  console.log(
    `scale instances=2 clients=${clients.length} delivered=${delivered}/${expected} ` +
      `p99_ms=${fmt(p99)} recover_ms=${fmt(recoverMs, 0)} gaps=${gaps} dups=${dups}`,
  );

  for (const c of clients) c.close();
  agent.destroy();
  markerAgent.destroy();
  await cleanup();
  process.exit(pass ? 0 : 1);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
