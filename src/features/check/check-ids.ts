/** The checks of /check, in the order the page shows them (the e2e test walks the same list). */
export const CHECK_IDS = [
  'browser',
  'video',
  'autoplay',
  'audio',
  'network',
  'realtime',
  'path',
  'clock',
  'storage',
  'cookies',
] as const;
export type CheckId = (typeof CHECK_IDS)[number];
