import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { freePort } from './free-port';

/** One envelope as Sentry's ingest receives it: its header and its items (header + payload). */
interface SentryEnvelope {
  header: Record<string, unknown>;
  items: Array<{ header: { type?: string } & Record<string, unknown>; payload: unknown }>;
}

/** A local stand-in for Sentry's ingest: records every envelope POSTed to /api/{project}/envelope/. */
export interface SentrySink {
  /** A DSN pointing at this sink (project 1). */
  dsn: string;
  envelopes: SentryEnvelope[];
  /** The `event` payloads received so far. */
  events(): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Splits an envelope: newline-separated JSON, each item header followed by its payload. */
function parseEnvelope(body: string): SentryEnvelope {
  const lines = body.split('\n');
  const header = JSON.parse(lines[0]!) as Record<string, unknown>;
  const items: SentryEnvelope['items'] = [];
  for (let i = 1; i + 1 < lines.length; i += 2) {
    if (lines[i]!.trim() === '') break;
    const itemHeader = JSON.parse(lines[i]!) as SentryEnvelope['items'][number]['header'];
    let payload: unknown = lines[i + 1];
    try {
      payload = JSON.parse(lines[i + 1]!);
    } catch {
      // an attachment: kept as text
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}

export async function startSentrySink(): Promise<SentrySink> {
  const envelopes: SentryEnvelope[] = [];
  const server: Server = createServer((req, res) => {
    // Browsers post cross-origin: answer the preflight as Sentry does.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && /^\/api\/\d+\/envelope\/?/.test(req.url ?? '')) {
        let body = Buffer.concat(chunks);
        if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        envelopes.push(parseEnvelope(body.toString('utf8')));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        res.writeHead(404).end();
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    dsn: `http://0123456789abcdef0123456789abcdef@127.0.0.1:${port}/1`,
    envelopes,
    events: () =>
      envelopes.flatMap((e) =>
        e.items
          .filter((i) => i.header.type === 'event')
          .map((i) => i.payload as Record<string, unknown>),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
