// The embedded database's own thread (issue 10): PGlite runs PostgreSQL compiled to WASM, and
// on the server's main thread every query's CPU time was taken from HTTP and the realtime hub.
// database.ts starts this file as a worker_threads Worker (PGliteThread) and sends it one
// message per query; the answers go back in order. Plain JavaScript so that it loads the same
// under tsx, Vitest and plain Node, without a TypeScript loader in the worker.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const options = {};
if (workerData.dataDir) options.dataDir = workerData.dataDir;
if (workerData.loadDataDir) options.loadDataDir = workerData.loadDataDir;
const db = new PGlite(options);

/** What an error carries across the thread: its message and PostgreSQL's fields (code, …). */
function plain(error) {
  const out = { message: error instanceof Error ? error.message : String(error) };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
    }
  }
  return out;
}

parentPort.on('message', (message) => {
  if (message.type === 'close') {
    db.close().then(
      () => parentPort.postMessage({ id: message.id, ok: true }),
      (error) => parentPort.postMessage({ id: message.id, ok: false, error: plain(error) }),
    );
    return;
  }
  db.query(message.sql, message.params).then(
    (result) =>
      parentPort.postMessage({
        id: message.id,
        ok: true,
        rows: result.rows,
        affectedRows: result.affectedRows,
      }),
    (error) => parentPort.postMessage({ id: message.id, ok: false, error: plain(error) }),
  );
});
