import { lazy } from 'react';

/** The home page (`/`), loaded on demand. */
export const HomePage = lazy(() => import('./home-page').then((m) => ({ default: m.HomePage })));
