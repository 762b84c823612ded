/** What a fake server saw of one call: method, path, query, bearer token and body. */
export interface Seen {
  method: string;
  url: string;
  query: string;
  auth: string | null;
  body: unknown;
}

/** The fake server's answer: a status with a JSON body and headers, or no answer at all. */
export type Reply =
  { status: number; data?: unknown; headers?: Record<string, string> } | 'network';

/**
 * A `fetch` standing in for the HTTP server in the API client's tests: it records each request and
 * answers with what the handler returns; 'network' fails the way a browser's fetch does.
 */
export function fakeServer(handler: (req: Seen) => Reply | Promise<Reply>): {
  fetch: typeof fetch;
  seen: Seen[];
} {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://local');
    const headers = new Headers(init?.headers);
    const raw = init?.body;
    const req: Seen = {
      method: (init?.method ?? 'GET').toUpperCase(),
      url: url.pathname,
      query: url.search,
      auth: headers.get('Authorization'),
      body: typeof raw === 'string' ? JSON.parse(raw) : (raw ?? undefined),
    };
    seen.push(req);
    const reply = await handler(req);
    if (reply === 'network') throw new TypeError('Failed to fetch');
    const body = reply.data === undefined ? null : JSON.stringify(reply.data);
    return new Response(body, {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  };
  return { fetch, seen };
}
