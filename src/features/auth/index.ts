import { lazy } from 'react';

/** The login page, loaded on demand so the shell's first chunk stays small. */
export const LoginPage = lazy(() => import('./login-page').then((m) => ({ default: m.LoginPage })));

export { fetchMe, meQueryKey, meQueryOptions, useMe } from './api/get-me';
export { fetchPermission, usePermission } from './api/get-permission';
export { logout } from './api/logout';
/** The sign-in methods linked to the account (settings), loaded with the pane that shows them. */
export const LinkProviderButtons = lazy(() =>
  import('./link-provider-buttons').then((m) => ({ default: m.LinkProviderButtons })),
);
/** The change-password prompt (a modal), loaded only with the signed-in shell that shows it. */
export const PasswordPrompt = lazy(() =>
  import('./password-prompt').then((m) => ({ default: m.PasswordPrompt })),
);
export { safeDestination } from './destination';
export { useHasToken } from './use-has-token';
