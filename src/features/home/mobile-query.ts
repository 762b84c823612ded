import { MOBILE_BREAKPOINT } from '@/contracts/constants';

/** Home's phone layout (no project sections, banners in the column). */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

/** Whether the screen is a phone's now (false where there is no window, as in tests). */
export const initiallyMobile = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(MOBILE_QUERY).matches
    : false;
