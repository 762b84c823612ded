import { describe, expect, it } from 'vitest';
import { SimScheduler } from '@/engine/testing/sim-scheduler';
import {
  IFRAME_API_TIMEOUT_MS,
  IFRAME_API_URL,
  createYouTubeApiLoader,
  type ApiHost,
} from './youtube-api';

/** A window with a head to add scripts to; nothing is fetched (no network to YouTube here). */
const fakeWindow = () => {
  const scripts: Array<{ src: string; async: boolean; onerror: unknown; removed: boolean }> = [];
  const host: ApiHost = {
    document: {
      createElement: () => {
        const script = {
          src: '',
          async: false,
          onerror: null as unknown,
          removed: false,
          remove: () => {
            script.removed = true;
          },
        };
        return script;
      },
      head: {
        appendChild: (node) => {
          scripts.push(node as (typeof scripts)[number]);
          return node;
        },
      },
    },
  };
  /** What the real script does once loaded: define YT.Player, then call the page back. */
  const load = (yt: unknown = { Player: class {} }) => {
    host.YT = yt;
    host.onYouTubeIframeAPIReady?.();
  };
  const failScript = (i = 0) => (scripts[i]?.onerror as () => void)();
  return { host, scripts, load, failScript };
};

describe('loading the YouTube IFrame API', () => {
  it('adds the script once, on the first call, and resolves every caller with YT', async () => {
    const w = fakeWindow();
    const load = createYouTubeApiLoader(w.host, new SimScheduler());
    expect(w.scripts).toHaveLength(0);
    const first = load();
    const second = load();
    expect(w.scripts.map((s) => [s.src, s.async])).toEqual([[IFRAME_API_URL, true]]);
    w.load();
    const api = await first;
    expect(typeof api.Player).toBe('function');
    expect(await second).toBe(api);
    await load();
    expect(w.scripts).toHaveLength(1);
  });

  it('uses a YT already on the page without adding the script', async () => {
    const w = fakeWindow();
    w.host.YT = { Player: class {} };
    await createYouTubeApiLoader(w.host, new SimScheduler())();
    expect(w.scripts).toHaveLength(0);
  });

  it('still calls a ready callback the page had set', async () => {
    const w = fakeWindow();
    let called = 0;
    w.host.onYouTubeIframeAPIReady = () => called++;
    const loading = createYouTubeApiLoader(w.host, new SimScheduler())();
    w.load();
    await loading;
    expect(called).toBe(1);
  });

  it('fails when the script cannot load, and tries again on the next call', async () => {
    const w = fakeWindow();
    const load = createYouTubeApiLoader(w.host, new SimScheduler());
    const first = load();
    w.failScript(0);
    await expect(first).rejects.toThrow(/could not be loaded/);
    expect(w.scripts[0]?.removed).toBe(true);
    const again = load();
    expect(w.scripts).toHaveLength(2);
    w.load();
    await expect(again).resolves.toHaveProperty('Player');
  });

  it('fails when the script defines no YT.Player', async () => {
    const w = fakeWindow();
    const loading = createYouTubeApiLoader(w.host, new SimScheduler())();
    w.load({ loaded: 1 });
    await expect(loading).rejects.toThrow(/YT.Player/);
  });

  it('fails instead of loading forever when the script never calls back', async () => {
    const w = fakeWindow();
    const sim = new SimScheduler();
    const loading = createYouTubeApiLoader(w.host, sim)();
    sim.advance(IFRAME_API_TIMEOUT_MS - 1);
    let settled = false;
    loading.catch(() => undefined).finally(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    sim.advance(1);
    await expect(loading).rejects.toThrow(/in time/);
    // A late callback changes nothing.
    w.load();
    await expect(loading).rejects.toThrow(/in time/);
  });
});
