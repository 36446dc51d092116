/** The notifications module's public face (ADR 0047): what other modules and the composition may use. */

export { notificationsModule, type TNotificationsModule } from './notifications.plugin';
export type { TRetraction } from './notifications.repository';
export type { NotificationsService, TSignal } from './notifications.service';
