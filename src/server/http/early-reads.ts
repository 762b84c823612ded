import { createHash } from 'node:crypto';
import { EARLY_READS, STORAGE_KEYS } from '../../contracts/constants';

/**
 * The API reads a signed-in page's first view makes, started by index.html itself (issue 10).
 * The token is in localStorage, so only a script can send them; left to the app they started
 * only once its scripts had arrived and run (about 2.8 s into home's load on slow 4G, then a
 * round trip each). The page's inline script (`EARLY_READS_SCRIPT`) sends them with the token as
 * the API client would; the client takes each answer instead of sending the same request again
 * (src/lib/early-reads.ts). The URLs are exactly the ones the app asks for, query string
 * included: tests/e2e/home.test.ts checks each is taken. Reads that need an answer first (the
 * own profile needs /v1/me's id) are not here.
 */
export const ROUTE_READS: Record<string, readonly string[]> = {
  '/': [
    '/v1/me',
    '/v1/sessions?pageSize=24',
    '/v1/sessions?status=IN_PROGRESS&pageSize=100',
    '/v1/notifications/all',
    '/v1/me/outputs?isViolated=true&withSession=true',
    '/v1/me/unitOutputs?isViolated=true',
    '/v0/articles?pageSize=3',
  ],
};
/** Other pages draw the signed-in shell, which waits for /v1/me (/login has no reads). */
const SHELL_READS = ['/v1/me'] as const;

/**
 * Reads the URL list from the JSON block before it and sends each with the stored token, keeping
 * the pending answers for the app. One fixed text for every page, so the CSP allows it by hash.
 */
export const EARLY_READS_SCRIPT =
  `(function(){try{var t=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)}),` +
  `l=document.getElementById(${JSON.stringify(EARLY_READS.listId)});if(!t||!l)return;` +
  `var r={};JSON.parse(l.textContent).forEach(function(u){r[u]=fetch(u,{headers:` +
  `{Accept:"application/json",Authorization:"Bearer "+t}}).catch(function(){return null})});` +
  `window[${JSON.stringify(EARLY_READS.global)}]={token:t,reads:r}}catch(e){}})()`;

/** The CSP source that allows the inline script and nothing else inline. */
export const EARLY_READS_CSP = `'sha256-${createHash('sha256').update(EARLY_READS_SCRIPT).digest('base64')}'`;

/**
 * The tags index.html carries for a signed-in page's path: the URL list and the script (which does
 * nothing for a visitor without a token).
 */
export function earlyReadTags(route: string): string {
  const reads = ROUTE_READS[route] ?? SHELL_READS;
  // JSON in a non-script type is data: the CSP does not apply, and `<` cannot end the element.
  const list = JSON.stringify(reads).replace(/</g, '\\u003c');
  return (
    `<script type="application/json" id="${EARLY_READS.listId}">${list}</script>\n    ` +
    `<script>${EARLY_READS_SCRIPT}</script>`
  );
}
