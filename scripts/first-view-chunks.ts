import { resolve } from 'node:path';
import type { Plugin } from 'vite';

interface ModuleGraph {
  getModuleIds(): Iterable<string>;
  getModuleInfo(id: string): {
    importedIds: readonly string[];
    dynamicImporters: readonly string[];
    isEntry: boolean;
  } | null;
}

/**
 * One chunk for the app code a page's first view shares with the rest of the app (issue 10).
 *
 * Left to itself the bundler gives every module shared by a different set of lazy routes a chunk
 * of its own: the signed-in home started with eighteen of them (contracts, small helpers, the
 * rooms list), most under 2 kB. Over HTTP/1.1 a browser fetches six at a time, each a round trip:
 * on a slow school network (~560 ms a round trip) that queue, not the bytes, set when the page
 * could draw.
 *
 * `collect` records, once the module graph is complete, the source modules the given lazy routes
 * import statically (not through another lazy import) that some other lazy module imports too,
 * leaving out what the page's entry already holds (its static graph) and the lazy modules
 * themselves (each keeps its chunk, named in the manifest). `test` is a code-splitting group's
 * test for them: they become one chunk, which the other pages that use any of them fetch too
 * (most of it is the contracts and helpers every signed-in page uses).
 */
export function firstViewChunks(root: string, routeModules: readonly string[]) {
  const shared = new Set<string>();
  const collect: Plugin = {
    name: 'tomoni-first-view-chunks',
    apply: 'build',
    buildEnd(this: unknown) {
      const graph = this as ModuleGraph;
      const srcDir = resolve(root, 'src') + '/';
      const engineDir = resolve(root, 'src/engine') + '/';
      const isSource = (id: string) => id.startsWith(srcDir);
      const isEngine = (id: string) => id.startsWith(engineDir);
      const lazy = (id: string) => (graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
      const staticClosure = (starts: Iterable<string>) => {
        const seen = new Set<string>();
        const stack = [...starts];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          for (const next of graph.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
        }
        return seen;
      };
      const ids = [...graph.getModuleIds()];
      const initial = staticClosure(ids.filter((id) => graph.getModuleInfo(id)?.isEntry));
      // How many lazy modules (routes, lazy parts) reach each source module statically.
      const users = new Map<string, number>();
      for (const entry of ids.filter(lazy)) {
        for (const id of staticClosure([entry])) {
          if (isSource(id) && !initial.has(id)) users.set(id, (users.get(id) ?? 0) + 1);
        }
      }
      shared.clear();
      for (const id of staticClosure(routeModules.map((m) => resolve(root, m)))) {
        if (!lazy(id) && !isEngine(id) && (users.get(id) ?? 0) >= 2) shared.add(id);
      }
    },
  };
  return { collect, test: (id: string) => shared.has(id) };
}
