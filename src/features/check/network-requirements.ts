/**
 * What the network requirements page (/network, issue 27) lists for this deployment, read from
 * the page's own Content-Security-Policy: the browser may reach only the origins it names, so its
 * media and connect sources beyond this origin are exactly the other hosts a school must allow
 * (a media/CDN host, a sign-in provider, Firestore, the error reporter), and none when none is
 * configured. Pure, so the parsing is tested without a server.
 */
export interface ExtraHosts {
  /** Where videos come from besides this server (media-src). */
  media: string[];
  /** Other services the browser talks to (connect-src, media hosts left out). */
  services: string[];
}

/** The origins a CSP directive's sources name (keywords, schemes and wildcards left out). */
function originsOf(sources: readonly string[]): string[] {
  const out: string[] = [];
  for (const source of sources) {
    if (!/^(https?|wss?):\/\/[^*\s]+$/i.test(source)) continue;
    try {
      out.push(new URL(source).origin);
    } catch {
      // not an origin
    }
  }
  return out;
}

/** The directives of a policy, by name, each with its sources. */
function parseCsp(csp: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase()))
      directives.set(name.toLowerCase(), sources.filter(Boolean));
  }
  return directives;
}

/**
 * The hosts beyond `ownOrigin` a policy lets the page reach, as `https://host[:port]`-style
 * origins. The app's own origin and its ws(s) twin are left out (they are listed anyway).
 */
export function extraHosts(csp: string | null, ownOrigin: string): ExtraHosts {
  if (!csp) return { media: [], services: [] };
  const own = new URL(ownOrigin);
  const isOwn = (origin: string) => new URL(origin).host === own.host;
  const directives = parseCsp(csp);
  const unique = (values: string[]) => [...new Set(values)];
  const media = unique(originsOf(directives.get('media-src') ?? []).filter((o) => !isOwn(o)));
  const services = unique(
    originsOf(directives.get('connect-src') ?? []).filter((o) => !isOwn(o) && !media.includes(o)),
  );
  return { media, services };
}

/** An origin's port as the IT staff's allow-list wants it: the scheme's default when none. */
export function portOf(origin: string): number {
  const url = new URL(origin);
  if (url.port) return Number(url.port);
  return url.protocol === 'http:' || url.protocol === 'ws:' ? 80 : 443;
}
