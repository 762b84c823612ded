import { lazy } from 'react';
import { loadFeatureNamespace } from '@/lib/i18n';

/** A module of this feature together with its texts, so none shows as a key. */
const withTexts = <M>(load: () => Promise<M>) =>
  Promise.all([load(), loadFeatureNamespace('safeguarding')]).then(([m]) => m);

/** /concerns: the staff list of pupils' concerns (issue 26). */
export const ConcernsPage = lazy(() =>
  withTexts(() => import('./concerns-page')).then((m) => ({ default: m.ConcernsPage })),
);
/** The caring message after a post that speaks of self-harm; fetched only when it opens. */
export const CareDialog = lazy(() =>
  withTexts(() => import('./care-dialog')).then((m) => ({ default: m.CareDialog })),
);
/** The staff alert above every page; fetched only for staff roles. */
export const ConcernAlert = lazy(() =>
  withTexts(() => import('./concern-alert')).then((m) => ({ default: m.ConcernAlert })),
);
export { useConcernRaised } from './concern-raised';
