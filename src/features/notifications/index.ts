export { NotificationPopup } from './notification-popup';
export type { NotificationPopupProps } from './notification-popup';
export { useNotifications } from './api/get-notifications';
