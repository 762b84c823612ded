import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  luminance,
  mergeThemeOverrides,
  parseThemeColor,
  rgba,
  toRgba,
  type CSSVariablesResolver,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import { BREAKPOINTS, MODAL_TRANSITION_MS } from '@/contracts/constants';

const em = (px: number): string => `${px / 16}em`;

/** Latin system fonts first (for letters and digits), then the common Japanese faces. */
const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  '"Hiragino Kaku Gothic ProN"',
  '"Hiragino Sans"',
  '"Noto Sans JP"',
  '"Noto Sans CJK JP"',
  '"BIZ UDPGothic"',
  'Meiryo',
  'sans-serif',
].join(', ');

/** WCAG contrast ratio of two opaque colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` at `alpha` over white, as the opaque colour a reader sees. */
function overWhite(color: string, alpha: number): string {
  const { r, g, b } = toRgba(color);
  const mix = (c: number) => Math.round(c * alpha + 255 * (1 - alpha));
  return `rgb(${mix(r)}, ${mix(g)}, ${mix(b)})`;
}

/**
 * `color`, darkened in 5% steps until it reads at 4.5:1 (WCAG AA for small text) or more on
 * `background`: the same hue, only as dark as it needs to be.
 */
function readableOn(color: string, background: string): string {
  for (let step = 0; step <= 20; step += 1) {
    const candidate = darken(color, step / 20);
    if (contrastRatio(candidate, background) >= 4.5) return candidate;
  }
  return '#000';
}

const LIGHT_TINT = 0.1;
const LIGHT_HOVER_TINT = 0.16;

/**
 * Colour variants that stay readable (axe, WCAG AA 4.5:1) in every state a user sees.
 *
 * - "light": Mantine paints an explicit shade (color="red.9") in that shade on that shade (red on
 *   red), and an unshaded colour (color="teal") in shade 9 on shade 1 or so, 3.6–4.3:1 for
 *   orange, teal and cyan. Every light badge, button, action icon and menu item gets a 10% tint of
 *   its shade (the theme's primary shade when none is given) behind text in the same hue darkened
 *   until it reads at 4.5:1 on the hover tint, the darker of the two.
 * - "filled": with primaryShade 9 Mantine's hover is shade 8, lighter, and white text on cyan.8
 *   is 4.3:1; the hover darkens the shade instead.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const base = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({
    color: input.color ?? input.theme.primaryColor,
    theme: input.theme,
  });
  if (!parsed.isThemeColor) return base;
  const primaryShade =
    typeof input.theme.primaryShade === 'number'
      ? input.theme.primaryShade
      : input.theme.primaryShade.light;
  const shadeIndex = parsed.shade ?? primaryShade;
  const shade = input.theme.colors[parsed.color]![shadeIndex]!;
  if (input.variant === 'light') {
    return {
      ...base,
      background: rgba(shade, LIGHT_TINT),
      hover: rgba(shade, LIGHT_HOVER_TINT),
      color: readableOn(shade, overWhite(shade, LIGHT_HOVER_TINT)),
    };
  }
  if (input.variant === 'filled' && shadeIndex === 9) {
    return { ...base, hover: darken(shade, 0.12) };
  }
  return base;
};

export const theme: MantineThemeOverride = createTheme({
  variantColorResolver,
  primaryColor: 'cyan',
  // cyan.9 keeps white button text and links at 4.5:1 or more on white (axe, WCAG AA).
  primaryShade: { light: 9, dark: 6 },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK },
  // The spec's breakpoints; xl only exists because Mantine requires it.
  breakpoints: {
    xs: em(BREAKPOINTS.xs),
    sm: em(BREAKPOINTS.sm),
    md: em(BREAKPOINTS.md),
    lg: em(BREAKPOINTS.lg),
    xl: em(1920),
  },
  focusRing: 'auto',
  defaultRadius: 'md',
  components: {
    // Plain objects rather than Modal.extend() and the like: naming a component here would put it
    // whole (the modal with its scroll lock, the menu) into the entry chunk /login loads (issue 10).
    Modal: { defaultProps: { transitionProps: { duration: MODAL_TRANSITION_MS } } },
    // Mantine's initial-focus placeholder is a focusable role="presentation" div inside
    // role="menu", which a menu may not hold (axe aria-required-children); without it the first
    // item takes the focus, as the WAI-ARIA menu pattern has it.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * The theme in the reader's language: every close button (of modals, drawers, toasts…) is named
 * "Close" unless its component names it (axe button-name; a screen reader said only "button"),
 * and every loader is a status named "Loading" unless its component says what loads.
 */
export const localizedTheme = (labels: { close: string; loading: string }): MantineThemeOverride =>
  mergeThemeOverrides(theme, {
    components: {
      CloseButton: { defaultProps: { 'aria-label': labels.close } },
      // A loader is a status ("loading"): a bare span may not carry the aria-label a loader
      // needs (axe aria-prohibited-attr), and one without a label said nothing.
      Loader: { defaultProps: { role: 'status', 'aria-label': labels.loading } },
    },
  });

/**
 * Mantine's default "dimmed" grey (gray.6) and error red (red.6) fall below 4.5:1 on white,
 * which small text needs; every c="dimmed" and every field error uses these instead.
 *
 * A button given neither `color` nor `variant` skips the variant resolver and takes the CSS
 * variables: the primary filled hover was cyan.8 (white on it 4.3:1) and the light colours the
 * palette's. Each colour's filled hover and light colours here match `variantColorResolver`.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    '--mantine-color-error': t.colors.red[9]!,
  };
  const names = Object.keys(t.colors);
  for (const name of names) {
    const colors = variantColorResolver({ color: name, theme: t, variant: 'light' });
    const filled = variantColorResolver({ color: name, theme: t, variant: 'filled' });
    const prefixes = [`--mantine-color-${name}`];
    if (name === t.primaryColor) prefixes.push('--mantine-primary-color');
    for (const prefix of prefixes) {
      light[`${prefix}-filled-hover`] = filled.hover;
      light[`${prefix}-light`] = colors.background;
      light[`${prefix}-light-hover`] = colors.hover;
      light[`${prefix}-light-color`] = colors.color;
    }
  }
  return { variables: {}, light, dark: {} };
};
