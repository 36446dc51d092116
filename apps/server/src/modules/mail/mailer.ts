/** One outgoing mail: plain text for every client, simple HTML beside it. */
export type TMail = { to: string; subject: string; text: string; html: string };

/**
 * Sends mail (DESIGN 1, 2): SMTP when SMTP_URL is set, otherwise the outbox
 * under DATA_DIR. Services get it injected, so tests can use either, or a
 * local SMTP server.
 */
export interface Mailer {
  send(mail: TMail): Promise<void>;
  close(): Promise<void>;
}
