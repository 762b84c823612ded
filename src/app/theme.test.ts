import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, theme, variantColorResolver } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
/** A tint of `color` (hex or rgba()) over white, opaque. */
const overWhite = (rgba: string) => {
  const m = /rgba\((\d+), (\d+), (\d+), ([\d.]+)\)/.exec(rgba);
  if (!m) return rgba;
  const [r, g, b, a] = m.slice(1).map(Number) as [number, number, number, number];
  const mix = (c: number) => Math.round(c * a + 255 * (1 - a));
  return `rgb(${mix(r)}, ${mix(g)}, ${mix(b)})`;
};

// Issue 9, item 2: coloured labels and buttons readable (WCAG AA 4.5:1) in every palette colour.
describe('theme colours', () => {
  const names = Object.keys(full.colors);

  it('light variants read at 4.5:1 on their tint and on their hover tint, with or without a shade', () => {
    const weak: string[] = [];
    for (const name of names) {
      for (const color of [name, `${name}.6`, `${name}.7`, `${name}.8`, `${name}.9`]) {
        const v = variantColorResolver({ color, theme: full, variant: 'light' });
        for (const bg of [v.background, v.hover]) {
          const ratio = contrastRatio(v.color, overWhite(bg));
          if (!(ratio >= 4.5)) weak.push(`${color}: ${ratio.toFixed(2)}`);
        }
      }
    }
    expect(weak).toEqual([]);
  });

  it('a primary filled button keeps white text at 4.5:1 when hovered', () => {
    const v = variantColorResolver({ color: full.primaryColor, theme: full, variant: 'filled' });
    expect(contrastRatio('#ffffff', v.hover)).toBeGreaterThanOrEqual(4.5);
    // Buttons without color or variant props take the CSS variable: the same colour.
    expect(cssVariablesResolver(full).light['--mantine-primary-color-filled-hover']).toBe(v.hover);
  });
});
