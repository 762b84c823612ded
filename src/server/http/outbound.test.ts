import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port';
import {
  checkOutbound,
  httpsTransport,
  outboundRequest,
  PUSH_SERVICE_HOSTS,
  type PinnedRequest,
} from './outbound';

// Issue 25, hole 1: the outbound guard on its own. No DNS, no internet: the resolver is a table,
// and the one connection made goes to a listener on 127.0.0.1.
describe('hole 1: the outbound guard', () => {
  const policy = (table: Record<string, string[]>) => ({
    allowedHosts: PUSH_SERVICE_HOSTS,
    resolve: async (host: string) => {
      const found = table[host];
      if (!found) throw new Error('ENOTFOUND');
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const);
    },
  });

  it('allows the known push services on public addresses and names why it refuses the rest', async () => {
    const p = policy({
      'fcm.googleapis.com': ['142.250.4.95'],
      'web.push.apple.com': ['17.57.146.20', '2620:149:a44::1'],
      'db.notify.windows.com': ['127.0.0.1'],
      'updates.push.services.mozilla.com': ['34.117.0.1', '192.168.0.10'],
    });
    expect((await checkOutbound('https://fcm.googleapis.com/fcm/send/x', p)).address.address).toBe(
      '142.250.4.95',
    );
    expect((await checkOutbound('https://web.push.apple.com/3/x', p)).url.hostname).toBe(
      'web.push.apple.com',
    );
    const reason = (url: string) =>
      checkOutbound(url, p).then(
        () => 'accepted',
        (e: { reason?: string }) => e.reason,
      );
    expect(await reason('http://fcm.googleapis.com/x')).toBe('notHttps');
    expect(await reason('https://127.0.0.1:6379/')).toBe('port');
    expect(await reason('https://127.0.0.1/')).toBe('ipLiteral');
    expect(await reason('https://[::1]/')).toBe('ipLiteral');
    expect(await reason('https://169.254.169.254/')).toBe('ipLiteral');
    expect(await reason('https://push.apple.com/x')).toBe('hostNotAllowed');
    expect(await reason('https://a.b@fcm.googleapis.com/x')).toBe('credentials');
    expect(await reason('https://db.notify.windows.com/x')).toBe('privateAddress');
    expect(await reason('https://updates.push.services.mozilla.com/x')).toBe('privateAddress');
    expect(await reason('https://nobody.push.apple.com/x')).toBe('unresolvable');
    expect(await reason('not a url')).toBe('invalidUrl');
  });

  it('never hands the transport a refused URL', async () => {
    const sent: PinnedRequest[] = [];
    const p = {
      ...policy({ 'fcm.googleapis.com': ['10.0.0.1'] }),
      transport: async (r: PinnedRequest) => {
        sent.push(r);
        return { status: 201, body: '' };
      },
      timeoutMs: 5000,
    };
    await expect(
      outboundRequest('https://fcm.googleapis.com/x', { method: 'POST', headers: {} }, p),
    ).rejects.toThrow(/privateAddress/);
    expect(sent).toHaveLength(0);
  });

  it('connects to the pinned address, never asking DNS for the name', async () => {
    const port = await freePort();
    const seen: string[] = [];
    const server = createServer((socket: Socket) => {
      seen.push(socket.localAddress ?? '');
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    try {
      // `.invalid` never resolves: only the pinned address can be reached. (The check refuses
      // 127.0.0.1 and any port but 443; the transport is called here directly.)
      await expect(
        httpsTransport({
          url: new URL(`https://pinned.invalid:${port}/push`),
          address: { address: '127.0.0.1', family: 4 },
          method: 'POST',
          headers: {},
          body: 'x',
          timeoutMs: 5000,
        }),
      ).rejects.toThrow();
      expect(seen).toEqual(['127.0.0.1']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
