export { NotificationPopup } from './notification-popup';
export { notificationsQuery, useNotifications } from './api/get-notifications';
