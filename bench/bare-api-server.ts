import Fastify from 'fastify';

/**
 * The API benchmark's baseline: a bare Fastify app answering GET /v1/me with a fixed JSON body of
 * the size of Tomoni's answer — the least work a JSON API request can cost in this stack, so
 * Tomoni's `GET /v1/me` is measured against it. Run by bench/api.ts as a child process; prints
 * `listening <port>` once bound to 127.0.0.1 and exits on SIGTERM or when its parent goes.
 */

const body = JSON.stringify({
  item: { pad: 'x'.repeat(Number(process.env.BARE_BODY_BYTES ?? 900)) },
});
const app = Fastify({ logger: false });
app.get('/v1/me', async (_request, reply) => reply.type('application/json').send(body));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${new URL(address).port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.on('disconnect', () => process.exit(0));
setInterval(() => {
  if (process.ppid === 1) process.exit(0);
}, 1000).unref();
