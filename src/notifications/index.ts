/**
 * The notifications module's face (docs/notifications.md): code outside
 * src/notifications imports from this file only.
 */
export { NotificationsModule } from './notifications.module.js';
export { NotificationQueue, type SendOptions } from './core/notification-queue.js';
export type { Notification, NotificationKind } from './core/notification.js';
// Where notifications reach an account, for the export of its data (docs/accounts.md, "Your data").
export { AccountAddressesRepository, type AccountAddresses } from './account-addresses.repository.js';
