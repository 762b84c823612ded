import { lazy } from 'react';
import { loadStudioLocales } from './studio-locales';

/** /studio: the sessions staff author (issue 15), with its words loaded alongside. */
export const StudioListPage = lazy(() =>
  Promise.all([import('./studio-list-page'), loadStudioLocales()]).then(([m]) => ({
    default: m.StudioListPage,
  })),
);

/** /studio/session/new and /studio/session/{id}: one session, its video and timed moments. */
export const StudioSessionPage = lazy(() =>
  Promise.all([import('./session-editor-page'), loadStudioLocales()]).then(([m]) => ({
    default: m.StudioSessionPage,
  })),
);
