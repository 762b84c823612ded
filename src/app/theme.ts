import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  rgba,
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

/**
 * Mantine's "light" variant with an explicit shade (color="red.9") paints the background in that
 * full shade and the text in the colour's light-color, which is the same shade here
 * (primaryShade 9): red on red, purple on purple, green on green. Every light badge and button
 * with a shade gets a 10% tint of the shade behind text in the shade darkened by 20% instead,
 * 4.5:1 or more for every shade 6–9 of the palette (axe, WCAG AA).
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const base = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return base;
  const parsed = parseThemeColor({
    color: input.color ?? input.theme.primaryColor,
    theme: input.theme,
  });
  if (!parsed.isThemeColor || parsed.shade === undefined) return base;
  const shade = input.theme.colors[parsed.color]![parsed.shade]!;
  return {
    ...base,
    background: rgba(shade, 0.1),
    hover: rgba(shade, 0.16),
    color: darken(shade, 0.2),
  };
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
    // A plain object rather than Modal.extend(): naming Modal here would put the whole modal
    // (and its scroll lock) into the entry chunk that /login loads (issue 10).
    Modal: { defaultProps: { transitionProps: { duration: MODAL_TRANSITION_MS } } },
  },
});

/**
 * Mantine's default "dimmed" grey (gray.6) and error red (red.6) fall below 4.5:1 on white,
 * which small text needs; every c="dimmed" and every field error uses these instead.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    '--mantine-color-error': t.colors.red[9]!,
  },
  dark: {},
});
