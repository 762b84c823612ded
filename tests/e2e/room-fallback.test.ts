import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { text } from './support/locales';
import { roomLessonSteps, useRoomLesson, type RoomLesson } from './support/room-lesson';

// Issue 27's first "what must be shown": behind a school proxy that cuts WebSockets, the room
// still holds. A local proxy in front of the server refuses every upgrade (mode A) and, in mode B,
// also holds back every response body until it ends (so a stream never flows); the teacher
// plays, pauses, skips and sets 1.5×, and both students follow over the HTTP fallback.

type ProxyMode = 'refuseUpgrades' | 'buffer';

/** A proxy of the school's network on 127.0.0.1: everything is forwarded, but not as it came. */
const schoolProxy =
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

/** The way a page reaches the hub, as its debug hook says. */
const pathOf = (lesson: RoomLesson, who: 'host' | 'student1' | 'student2') =>
  lesson[who].page.evaluate(() =>
    (window as unknown as { __tomoniSync?: { path(): string | null } }).__tomoniSync?.path(),
  );

const fallbackLesson = (mode: ProxyMode, path: 'stream' | 'longpoll') => {
  const lesson = useRoomLesson({ via: schoolProxy(mode) });
  roomLessonSteps(lesson, {
    afterEnter: async () => {
      for (const who of ['host', 'student1', 'student2'] as const) {
        await expect.poll(() => pathOf(lesson, who)).toBe(path);
      }
    },
  });
  it('still follows over the fallback at the end of the lesson', async () => {
    for (const who of ['host', 'student1', 'student2'] as const) {
      expect(await pathOf(lesson, who)).toBe(path);
    }
  });
  it('names the fallback on /check, in words an IT teacher can forward', async () => {
    // The pupil's own page, in the pupil's language (ja); check.test.ts reads the English row.
    const page = await lesson.student1.context.newPage();
    const origin = new URL(lesson.student1.page.url()).origin;
    await page.goto(`${origin}/check?lang=ja`);
    const row = page.getByTestId('check-path');
    await expect
      .poll(() => row.getAttribute('data-verdict'), { timeout: 60_000 })
      .toBe(path === 'stream' ? 'pass' : 'warn');
    await row.getByText(text('ja', `check:path.${path}`)).waitFor();
    expect(await page.getByTestId('check-realtime').getAttribute('data-verdict')).toBe('fail');
    await page.close();
  });
};

describe('the room behind a proxy that refuses WebSockets', () => {
  fallbackLesson('refuseUpgrades', 'stream');
});

describe('the room behind a proxy that also buffers every response', () => {
  fallbackLesson('buffer', 'longpoll');
});
