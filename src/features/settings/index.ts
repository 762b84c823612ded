import { lazy } from 'react';

const load = () => import('./settings-routes');

/** /setting and its panes, loaded on demand (one chunk for the whole settings area). */
export const SettingsPage = lazy(() => load().then((m) => ({ default: m.SettingsPage })));
export const DownloadPane = lazy(() => load().then((m) => ({ default: m.DownloadPane })));
export const LanguagePane = lazy(() => load().then((m) => ({ default: m.LanguagePane })));
export const PasswordPane = lazy(() => load().then((m) => ({ default: m.PasswordPane })));
export const GroupPane = lazy(() => load().then((m) => ({ default: m.GroupPane })));
export const PrivacyPane = lazy(() => load().then((m) => ({ default: m.PrivacyPane })));
export const NotificationPane = lazy(() => load().then((m) => ({ default: m.NotificationPane })));
