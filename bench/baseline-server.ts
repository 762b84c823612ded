import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The fan-out benchmark's baseline: a bare `ws` broadcast server with nothing but rooms. A socket
 * joins with `/?room=R&role=sub` (receives the room's messages) or `role=pub` (the room's
 * publisher). For each publisher frame `{"pad":"…"}` the server stamps its clock, serialises one
 * `events`-shaped frame once and writes it to every subscriber of the room — the least work a
 * room fan-out can do, so Tomoni's hub is measured against it.
 *
 * Run by bench/fanout.ts as a child process: `node --import tsx bench/baseline-server.ts`; it
 * prints `listening <port>` once bound to 127.0.0.1 and exits on SIGTERM or when its parent goes.
 */

const wallNow = (): number => performance.timeOrigin + performance.now();

const rooms = new Map<string, Set<WebSocket>>();
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 64 * 1024 });

wss.on('connection', (socket, request) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const room = url.searchParams.get('room');
  const role = url.searchParams.get('role');
  if (!room || (role !== 'sub' && role !== 'pub')) {
    socket.close(4400, 'room and role required');
    return;
  }
  if (role === 'sub') {
    let set = rooms.get(room);
    if (!set) rooms.set(room, (set = new Set()));
    set.add(socket);
    socket.on('close', () => set.delete(socket));
    socket.send('{"type":"ready"}');
    return;
  }
  socket.on('message', (data) => {
    let pad = '';
    try {
      const parsed: unknown = JSON.parse(data.toString());
      if (
        typeof parsed === 'object' &&
        parsed &&
        'pad' in parsed &&
        typeof parsed.pad === 'string'
      ) {
        pad = parsed.pad;
      }
    } catch {
      return;
    }
    const frame = Buffer.from(
      JSON.stringify({
        v: 2,
        type: 'events',
        streamId: room,
        events: [{ serverTime: Math.round(wallNow()), pad }],
      }),
    );
    for (const s of rooms.get(room) ?? []) s.send(frame, { binary: false });
  });
  socket.send('{"type":"ready"}');
});

wss.on('listening', () => {
  const address = wss.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`listening ${port}\n`);
});

const shutdown = () => {
  for (const client of wss.clients) client.terminate();
  wss.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
// The benchmark holds our stdin; when it dies, so do we.
process.stdin.on('end', shutdown);
process.stdin.resume();
