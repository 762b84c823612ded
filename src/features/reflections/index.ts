import { lazy } from 'react';

/** The editor, loaded when first shown (マイページ's reflection dialogs). */
export const ReflectionEditor = lazy(() =>
  import('./reflection-editor').then((m) => ({ default: m.ReflectionEditor })),
);
/** The editor in a dialog, loaded when first opened (the watch page's end card; issue 24). */
export const ReflectionDialog = lazy(() =>
  import('./reflection-dialog').then((m) => ({ default: m.ReflectionDialog })),
);
export { deleteReflection, reflectionsKey, useUserReflections } from './api/reflections';
