// http_ece (web-push's own encryption library, 1.2.0) ships no types; the test push endpoint
// uses its decrypt to read messages as a browser would.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  const ece: {
    decrypt(
      buffer: Buffer,
      params: { version: string; privateKey: ECDH; authSecret: string },
    ): Buffer;
  };
  export default ece;
}
