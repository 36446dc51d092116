import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config';
import type { TClock } from '../../lib/clock';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox.mailer';
import { SmtpMailer } from './smtp.mailer';

export function createMailer(
  config: Pick<TConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: Pick<FastifyBaseLogger, 'info'>,
  clock?: TClock,
): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom);
  return new OutboxMailer(path.resolve(config.dataDir), log, clock);
}
