/** The mail module's public face (ADR 0047): what other modules and the composition may use. */
export { createMailer } from './create-mailer';
export type { Mailer, TMail } from './mailer';
export type { TOutboxEntry } from './outbox.mailer';
