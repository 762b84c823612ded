/**
 * Which API reads the service worker keeps in `api-reads` and answers from there when its fetch
 * fails (src/sw/sw.ts): same-origin GET /v1/… — except the studio's (/v1/studio/…). An editor
 * handed an old copy as if it were current shows an earlier state of what is being edited: a
 * session read from before its video was made drops the video panel, and with it the tus upload
 * under way (issue 15); a save from an old copy would overwrite newer work. A failed studio read
 * reaches the page as the failure it is, and the page keeps what it has.
 */
const NOT_KEPT = /^\/v1\/studio(\/|$)/;

/** Whether the worker keeps this request's answer and may answer it from the copy offline. */
export function isKeptApiRead(url: URL, method: string, origin: string): boolean {
  return (
    url.origin === origin &&
    method === 'GET' &&
    url.pathname.startsWith('/v1/') &&
    !NOT_KEPT.test(url.pathname)
  );
}
