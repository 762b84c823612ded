/** The product name every browser title ends with. */
export const TITLE_SUFFIX = ' | Tomoni';

/**
 * A browser title: "<page> | Tomoni" on every page (issue 9, item 15), so tabs read alike in
 * both languages. A name that already carries the suffix is left as it is.
 */
export const pageTitle = (name: string): string =>
  name.endsWith(TITLE_SUFFIX) || name === '' ? name : `${name}${TITLE_SUFFIX}`;
