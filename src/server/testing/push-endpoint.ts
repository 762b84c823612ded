import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ece from 'http_ece';
import { freePort } from './free-port';

/** One push message as the push service received it, decrypted with the subscription's keys. */
interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** The plaintext the application server encrypted (RFC 8291, aes128gcm). */
  payload: string;
}

/**
 * A local stand-in for a browser's push service (RFC 8030), over HTTPS as every push service is
 * (web-push only speaks HTTPS) with a self-signed certificate the caller must trust (`cert`:
 * `NODE_EXTRA_CA_CERTS` for a server process, an agent's `ca` in this one). It hands out subscriptions whose keys
 * it holds, accepts POSTs to their endpoints with 201 (or the status set by `respondWith`), and
 * decrypts each message with the receiver's private key and auth secret, as the browser would.
 */
export interface PushEndpoint {
  /** A new subscription (PushSubscription.toJSON() shape) at a fresh endpoint path. */
  subscription(): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The endpoint's certificate (PEM) and a file holding it. */
  cert: string;
  certFile: string;
  received: ReceivedPush[];
  respondWith(status: number): void;
  close(): Promise<void>;
}

export async function startPushEndpoint(host = '127.0.0.1'): Promise<PushEndpoint> {
  const receivers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  let status = 201;
  // A throw-away certificate for this address (openssl is part of the machine, not a package).
  const dir = mkdtempSync(join(tmpdir(), 'tomoni-push-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      `/CN=${host}`,
      '-addext',
      `subjectAltName=IP:${host}`,
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(certFile, 'utf8');
  const server: Server = createServer({ key: readFileSync(keyFile), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const receiver = receivers.get(path);
      if (req.method !== 'POST' || !receiver) return void res.writeHead(404).end();
      if (status === 201) {
        const payload = ece
          .decrypt(Buffer.concat(chunks), {
            version: String(req.headers['content-encoding']),
            privateKey: receiver.ecdh,
            authSecret: receiver.auth.toString('base64url'),
          })
          .toString('utf8');
        received.push({ path, headers: req.headers, payload });
      }
      res.writeHead(status).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  let n = 0;
  return {
    subscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${++n}-${randomBytes(6).toString('hex')}`;
      receivers.set(path, { ecdh, auth });
      return {
        endpoint: `https://${host}:${port}${path}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      };
    },
    received,
    cert,
    certFile,
    respondWith: (s) => void (status = s),
    close: () =>
      new Promise<void>((resolve) => server.close(() => resolve())).finally(() =>
        rmSync(dir, { recursive: true, force: true }),
      ),
  };
}
