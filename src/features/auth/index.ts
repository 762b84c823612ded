import { lazy } from 'react';

/** The login page, loaded on demand so the shell's first chunk stays small. */
export const LoginPage = lazy(() => import('./login-page').then((m) => ({ default: m.LoginPage })));

export { fetchMe, meQueryKey, meQueryOptions, useMe } from './api/get-me';
export { fetchPermission, usePermission } from './api/get-permission';
export { logout } from './api/logout';
export { LinkProviderButtons } from './link-provider-buttons';
export { PasswordPrompt } from './password-prompt';
export { safeDestination } from './destination';
export { useHasToken } from './use-has-token';
