/**
 * The toasts' container and its stylesheets, a chunk of its own that providers.tsx fetches with the
 * first toast (issue 10).
 */
import '@mantine/notifications/styles.css';

export { Notifications } from '@mantine/notifications';
