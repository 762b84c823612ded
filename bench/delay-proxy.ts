import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 that delays every chunk, in each direction, by `meanMs ± jitterMs`
 * (uniform) while keeping the byte order: a chunk never overtakes the one before it, so a chunk
 * drawn a shorter delay waits for its predecessor (as on a real path, where jitter delays but TCP
 * delivers in order). HTTP, media segments and WebSockets all pass through unchanged.
 *
 * `setOffline(true)` is a network drop: nothing is delivered either way (connections stay open, as
 * TCP's do through a short outage, and new ones are accepted but carry nothing) until
 * `setOffline(false)`; then what was sent meanwhile arrives in order, as TCP retransmits it.
 */
export interface DelayProxy {
  /** Where clients connect: http://127.0.0.1:<port>. */
  port: number;
  setOffline(offline: boolean): void;
  /** How many WebSocket upgrades it refused (`refuseWebSockets`). */
  refused(): number;
  close(): Promise<void>;
}

export interface DelayOptions {
  meanMs: number;
  jitterMs: number;
  /**
   * Refuse every WebSocket upgrade with 403, as a school's filtering proxy does (issue 27): the
   * room then runs on its HTTP fallback. Browsers open a WebSocket on a connection of its own, so
   * the first bytes of a connection say whether it is one.
   */
  refuseWebSockets?: boolean;
  /** Uniform in [0, 1); injectable so a run can be repeated. */
  random?: () => number;
}

/**
 * One direction of one connection: a queue released by a single timer, so chunks leave strictly in
 * arrival order (separate timers per chunk may fire out of order), each no earlier than its due.
 */
function delayedPipe(
  from: Socket,
  to: Socket,
  options: DelayOptions,
  timers: Set<NodeJS.Timeout>,
  link: { offline: boolean; resumes: Set<() => void> },
) {
  const random = options.random ?? Math.random;
  const queue: Array<{ due: number; run: () => void }> = [];
  let timer: NodeJS.Timeout | undefined;
  let lastDue = 0;
  const flush = () => {
    if (timer) timers.delete(timer);
    timer = undefined;
    if (link.offline) return;
    const now = performance.now();
    while (queue.length > 0 && queue[0]!.due <= now + 0.5) queue.shift()!.run();
    arm();
  };
  const arm = () => {
    if (timer || queue.length === 0 || link.offline) return;
    timer = setTimeout(flush, Math.max(0, queue[0]!.due - performance.now()));
    timers.add(timer);
  };
  const later = (run: () => void) => {
    const delay = options.meanMs + (random() * 2 - 1) * options.jitterMs;
    lastDue = Math.max(performance.now() + delay, lastDue);
    queue.push({ due: lastDue, run });
    arm();
  };
  link.resumes.add(arm);
  to.on('close', () => link.resumes.delete(arm));
  from.on('data', (chunk: Buffer) => later(() => !to.destroyed && to.write(chunk)));
  // The end (FIN) and then the close travel after the data, delayed like it.
  from.on('end', () => later(() => !to.destroyed && to.end()));
  from.on('close', () => later(() => to.destroy()));
}

export function startDelayProxy(
  target: { host: string; port: number },
  options: DelayOptions,
): Promise<DelayProxy> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const link = { offline: false, resumes: new Set<() => void>() };
  let refusedCount = 0;
  const server = createServer({ allowHalfOpen: true }, (client) => {
    if (options.refuseWebSockets) {
      client.once('data', (first: Buffer) => {
        if (
          /^GET [^\r\n]*\r\n(?:[^\r\n]+\r\n)*?upgrade:\s*websocket/i.test(first.toString('latin1'))
        ) {
          refusedCount += 1;
          client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
          return;
        }
        client.pause();
        client.unshift(first);
        pipeThrough(client);
        client.resume();
      });
      return;
    }
    pipeThrough(client);
  });
  const pipeThrough = (client: Socket) => {
    const upstream = connect({ host: target.host, port: target.port, allowHalfOpen: true });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.setNoDelay(true);
      s.on('close', () => sockets.delete(s));
    }
    delayedPipe(client, upstream, options, timers, link);
    delayedPipe(upstream, client, options, timers, link);
    const abort = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', abort);
    upstream.on('error', abort);
  };
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        port,
        refused: () => refusedCount,
        setOffline: (offline) => {
          link.offline = offline;
          if (!offline) for (const resume of [...link.resumes]) resume();
        },
        close: () =>
          new Promise<void>((done) => {
            for (const t of timers) clearTimeout(t);
            timers.clear();
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
