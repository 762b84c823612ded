import { lazy } from 'react';

/** /moderation: the staff queue of pending outputs and feedback. */
export const ModerationPage = lazy(() =>
  import('./moderation-page').then((m) => ({ default: m.ModerationPage })),
);

export { RemovalModal, RemoveButton, type RemovalTarget } from './removal-modal';
