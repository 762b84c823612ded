/// <reference path="./libheif.d.ts" />
import factory from 'libheif-js/libheif-wasm/libheif-bundle.mjs';

/**
 * Decodes a HEIC picture off the main thread (the decoder compiles 1.4 MB of WebAssembly, which
 * browsers only allow synchronously in a worker). In: the file's bytes. Out: upright RGBA pixels
 * (libheif applies the rotation and mirroring stored in the file), or an error message.
 */
export type HeicWorkerResult =
  | { ok: true; width: number; height: number; pixels: Uint8ClampedArray }
  | { ok: false; error: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ArrayBuffer>) => void) | null;
  postMessage(message: HeicWorkerResult, transfer?: Transferable[]): void;
};

scope.onmessage = (event) => {
  try {
    const lib = factory();
    const images = new lib.HeifDecoder().decode(new Uint8Array(event.data));
    const image = images[0];
    if (!image) throw new Error('no image in the file');
    const width = image.get_width();
    const height = image.get_height();
    image.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, (result) => {
      if (!result) {
        scope.postMessage({ ok: false, error: 'decoding failed' });
        return;
      }
      scope.postMessage({ ok: true, width, height, pixels: result.data }, [result.data.buffer]);
    });
  } catch (error) {
    scope.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
