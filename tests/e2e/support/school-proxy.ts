import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A school's filtering proxy (issue 27), for the room and /check tests: `refuseUpgrades` answers
// every WebSocket upgrade 403; `buffer` also holds back every response body until it ends (so a
// server-sent event stream never flows and only long-polling gets through).

export type ProxyMode = 'refuseUpgrades' | 'buffer';

/** A proxy of the school's network on 127.0.0.1: everything is forwarded, but not as it came. */
export const schoolProxy =
  (mode: ProxyMode) =>
  async (serverUrl: string): Promise<{ url: string; close(): Promise<void> }> => {
    const target = new URL(serverUrl);
    const proxy = createServer((req, res) => {
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host },
        },
        (answer: IncomingMessage) => {
          if (mode === 'refuseUpgrades') {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            return;
          }
          // Buffering: nothing reaches the page until the whole answer is in.
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            const headers = { ...answer.headers };
            delete headers['transfer-encoding'];
            const body = Buffer.concat(chunks);
            res.writeHead(answer.statusCode ?? 502, {
              ...headers,
              'content-length': String(body.length),
            });
            res.end(body);
          });
        },
      );
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      req.pipe(upstream);
    });
    // The filter cuts WebSockets: the upgrade is answered 403 and the connection closed.
    proxy.on('upgrade', (_req, socket) => {
      socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      close: () =>
        new Promise<void>((resolve) => {
          proxy.closeAllConnections();
          proxy.close(() => resolve());
        }),
    };
  };
