import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** The axe-core that @axe-core/playwright runs (its own dependency, the same version). */
const fromAxePlaywright = createRequire(
  createRequire(import.meta.url).resolve('@axe-core/playwright'),
);
const AXE_SOURCE = (fromAxePlaywright('axe-core') as { source: string }).source;

/** The WCAG levels every screen must meet: A and AA of WCAG 2.0 and 2.1 (colour contrast included). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

export interface AxeScope {
  /** CSS selectors to check (all of the page when none). */
  include?: string[];
}

/**
 * The axe findings a user would be hurt by on the page as it is now: every serious or critical
 * violation of WCAG 2.0/2.1 A and AA, and every colour-contrast violation whatever axe calls its
 * impact (unreadable text is never minor). One line per rule: `rule: selector, selector`.
 */
export async function axeFindings(page: Page, { include = [] }: AxeScope = {}): Promise<string[]> {
  await settled(page);
  // Only violations are gathered in full: axe skips collecting every passing node (faster).
  const options: RunOptions = {
    resultTypes: ['violations'],
    runOnly: { type: 'tag', values: AXE_TAGS },
  };
  let violations: AxeResults['violations'];
  if (page.frames().length === 1) {
    // A page without frames (all of the app's): axe.run in the page, as AxeBuilder's legacy mode
    // does, with axe injected once per document. AxeBuilder's default runs axe in parts and
    // merges them in a new blank page on every call, which only frames need and which cost most
    // of a second per check on a busy machine (204 checks in axe-matrix.test.ts).
    const injected = () =>
      typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function';
    if (!(await page.evaluate(injected))) await page.evaluate(AXE_SOURCE);
    ({ violations } = await page.evaluate(
      ([include, options]) =>
        (
          window as unknown as {
            axe: { run(context: unknown, options: unknown): Promise<AxeResults> };
          }
        ).axe.run(include.length ? { exclude: [], include } : document, options),
      [include, options] as const,
    ));
  } else {
    let builder = new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(AXE_TAGS);
    for (const selector of include) builder = builder.include(selector);
    ({ violations } = await builder.analyze());
  }
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'color-contrast')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => {
            const why = [...n.any, ...n.all, ...n.none][0]?.message;
            return `${n.target.join(' ')}${why ? ` (${why})` : ''}`;
          })
          .join(', ')}`,
    );
}

/**
 * Waits until every finite animation and transition on the page has ended (a modal fading in is
 * half transparent, and axe would measure its text against a blend). Spinners run forever and are
 * left alone.
 */
async function settled(page: Page): Promise<void> {
  // Two frames first: Mantine starts a transition one frame after it mounts the element.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
}
