import { lazy } from 'react';

/**
 * The login page's module, fetched by the router when /login matches (at the start of the page
 * load, alongside the translations), so the shell's first chunk stays small.
 */
export const loadLoginPage = () => import('./login-page');

export { meQueryKey, meQueryOptions, useMe } from './api/get-me';
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
export { useHasToken } from './use-has-token';
