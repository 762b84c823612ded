// Picture screening's own thread (issue 26): reads the text in a picture with tesseract.js
// (Japanese and English traineddata from the npm registry, @tesseract.js-data/*) and scores the
// image with nsfwjs's bundled MobileNetV2 on TensorFlow.js (WASM backend). Nothing is fetched
// from any host: the traineddata is unpacked from node_modules into a local cache directory and
// the model's weights ship inside the nsfwjs package. screener.ts starts this file as a
// worker_threads Worker; it warms up once (both models loaded) and answers one message per
// picture, in order. Plain JavaScript so it loads the same under tsx, Vitest and plain Node.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { load } from 'nsfwjs/core';
import { MobileNetV2Model } from 'nsfwjs/models/mobilenet_v2';
import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';

const require = createRequire(import.meta.url);
const LANGS = ['jpn', 'eng'];
/** The "best_int" (integer-quantised LSTM) traineddata: smaller and faster, what OEM.LSTM_ONLY reads. */
const VARIANT = '4.0.0_best_int';

/** Unpacks each language's traineddata from its npm package once into a local directory. */
function traineddataDir() {
  const dir = join(tmpdir(), `tomoni-tessdata-${VARIANT}`);
  mkdirSync(dir, { recursive: true });
  for (const lang of LANGS) {
    const target = join(dir, `${lang}.traineddata`);
    if (existsSync(target)) continue;
    const pkg = dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
    const packed = readFileSync(join(pkg, VARIANT, `${lang}.traineddata.gz`));
    const temp = `${target}.${process.pid}.tmp`;
    writeFileSync(temp, gunzipSync(packed));
    renameSync(temp, target);
  }
  return dir;
}

async function loadModel() {
  const wasmDir = dirname(
    require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'),
  );
  setWasmPaths(`${wasmDir}/`);
  if (!(await tf.setBackend('wasm'))) await tf.setBackend('cpu');
  await tf.ready();
  return load('MobileNetV2', { modelDefinitions: [MobileNetV2Model] });
}

async function warmUp() {
  const dir = traineddataDir();
  // cacheMethod 'readOnly': the unpacked files are read, nothing is written or downloaded.
  const options = {
    langPath: dir,
    cachePath: dir,
    cacheMethod: 'readOnly',
    gzip: false,
    logger: () => {},
    errorHandler: () => {},
  };
  // Two readers: Japanese with English, and English alone (with Japanese loaded, Latin letters
  // in a Latin-only note are often read as kana or kanji: "+81 90" as 「出 8]」).
  const [ocr, ocrEnglish, model] = await Promise.all([
    createWorker(LANGS, OEM.LSTM_ONLY, options),
    createWorker('eng', OEM.LSTM_ONLY, options),
    loadModel(),
  ]);
  return { ocr, ocrEnglish, model };
}

const ready = warmUp();

async function screen(bytes) {
  const { ocr, ocrEnglish, model } = await ready;
  const input = Buffer.from(bytes);
  const [{ data: text }, { data: english }, pixels] = await Promise.all([
    ocr.recognize(input),
    ocrEnglish.recognize(input),
    sharp(input)
      .resize(224, 224, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true }),
  ]);
  const tensor = tf.tensor3d(
    new Int32Array(pixels.data),
    [pixels.info.height, pixels.info.width, 3],
    'int32',
  );
  try {
    const predictions = await model.classify(tensor, 5);
    const scores = {};
    for (const p of predictions) scores[p.className] = p.probability;
    return { text: `${text.text}\n${english.text}`, scores };
  } finally {
    tensor.dispose();
  }
}

parentPort.on('message', (message) => {
  const run = message.type === 'warm' ? ready.then(() => ({})) : screen(message.bytes);
  run.then(
    (result) => parentPort.postMessage({ id: message.id, ok: true, ...result }),
    (error) =>
      parentPort.postMessage({
        id: message.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});
