import {
  Modal,
  createTheme,
  type CSSVariablesResolver,
  type MantineThemeOverride,
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

export const theme: MantineThemeOverride = createTheme({
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
    Modal: Modal.extend({ defaultProps: { transitionProps: { duration: MODAL_TRANSITION_MS } } }),
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
