import { lazy } from 'react';

/** The posting dialog, loaded when first opened (session page, watch page's output moment). */
export const OutputDialog = lazy(() =>
  import('./output-dialog').then((m) => ({ default: m.OutputDialog })),
);
/** The session page's outputs section (post buttons per work and the outputs list). */
export const SessionOutputsSection = lazy(() =>
  import('./session-outputs').then((m) => ({ default: m.SessionOutputsSection })),
);

/** The watch page's output moment: write, or what became of the own output and edit. */
export { OutputPromptAction } from './output-prompt-action';

/** The browser's preparation of a picked picture (fit, JPEG), shared with the studio's uploads. */
export { ACCEPT as IMAGE_ACCEPT, prepareImage } from './image-prep';
