/** One language's namespaces, as i18next takes them: namespace → nested keys. */
export type LanguageResources = Record<string, Record<string, unknown>>;

/**
 * Turns Vite's glob of `locales/<lang>/<namespace>.json` files into one language's resources. Each
 * language has its own module (locales-ja.ts, locales-en.ts), so the build makes one chunk per
 * language and the first load fetches only the user's (issue 10).
 */
export function collectNamespaces(
  files: Record<string, Record<string, unknown>>,
): LanguageResources {
  const out: LanguageResources = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /locales\/[^/]+\/([^/]+)\.json$/.exec(path);
    if (match?.[1]) out[match[1]] = content;
  }
  return out;
}
