import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { TClock } from '../../lib/clock';
import { systemClock } from '../../lib/clock';
import type { Mailer, TMail } from './mailer';

export type TOutboxEntry = TMail & { sentAt: string };

/**
 * Without SMTP_URL (DESIGN 2): each mail becomes one JSON line in
 * DATA_DIR/mail/outbox.jsonl and an info log line, so a self-hoster without a
 * mail server can still read the codes and register.
 */
export class OutboxMailer implements Mailer {
  readonly file: string;

  constructor(
    dataDir: string,
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
    private readonly clock: TClock = systemClock,
  ) {
    this.file = path.join(dataDir, 'mail', 'outbox.jsonl');
  }

  async send(mail: TMail): Promise<void> {
    const entry: TOutboxEntry = { ...mail, sentAt: this.clock().toISOString() };
    await mkdir(path.dirname(this.file), { recursive: true });
    // One write of a whole line: concurrent sends never interleave inside a line.
    await appendFile(this.file, `${JSON.stringify(entry)}\n`, 'utf8');
    this.log.info(
      { mail: { to: mail.to, subject: mail.subject, text: mail.text }, outbox: this.file },
      'mail kept in the outbox (SMTP_URL is not set)',
    );
  }

  async close(): Promise<void> {}
}
