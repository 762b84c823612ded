// The settings chunk: everything index.ts loads lazily.
export { SettingsPage } from './settings-page';
export { DownloadPane } from './download-pane';
export { LanguagePane } from './language-pane';
export { PasswordPane } from './password-pane';
export { GroupPane } from './group-pane';
export { PrivacyPane } from './privacy-pane';
export { NotificationPane } from './notification-pane';
