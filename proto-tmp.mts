import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';
import * as tf from '@tensorflow/tfjs';
import { load } from 'nsfwjs/core';
import { MobileNetV2Model } from 'nsfwjs/models/mobilenet_v2';
import { dirname, join } from 'node:path';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const svg = (t: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300"><rect width="100%" height="100%" fill="#fffef5"/><text x="30" y="160" font-size="40" font-family="sans-serif" fill="#222">${t}</text></svg>`);
const cache = '/tmp/pic/cache';
mkdirSync(cache, { recursive: true });
for (const l of ['jpn', 'eng']) {
  const src = join(dirname(require.resolve(`@tesseract.js-data/${l}/package.json`)), '4.0.0_best_int', `${l}.traineddata.gz`);
  const dst = join(cache, `${l}.traineddata`);
  if (!existsSync(dst)) writeFileSync(dst, gunzipSync(readFileSync(src)));
}
let t0 = Date.now();
const w = await createWorker(['jpn', 'eng'], OEM.LSTM_ONLY, { langPath: cache, cachePath: cache, cacheMethod: 'readOnly', gzip: false, logger: () => {} });
console.log('ocr init', Date.now() - t0);
for (const text of ['電話 090-1234-5678', 'LINE ID: yuto_0412', '3-4-5の三角形 p.12', 'ぜろきゅうぜろ 1234 5678', '美しが丘3-5-2']) {
const img = await sharp(svg(text)).jpeg().toBuffer();
t0 = Date.now();
const r = await w.recognize(img);
console.log('ocr', Date.now() - t0, JSON.stringify(r.data.text));
}
t0 = Date.now();
const wasm = await import('@tensorflow/tfjs-backend-wasm'); wasm.setWasmPaths(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm')) + '/'); await tf.setBackend('wasm'); await tf.ready(); console.log(tf.getBackend());
const model = await load('MobileNetV2', { modelDefinitions: [MobileNetV2Model] });
console.log('nsfw load', Date.now() - t0);
const img = await sharp(svg('hello')).jpeg().toBuffer();
for (let i = 0; i < 3; i++) {
t0 = Date.now();
const { data, info } = await sharp(img).resize(224, 224, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
const tensor = tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], 'int32');
const preds = await model.classify(tensor);
tensor.dispose();
console.log('nsfw', Date.now() - t0, preds);
}
await w.terminate();
