import { type DestinationStream, type Logger, pino } from 'pino';
import pretty from 'pino-pretty';
import type { TConfig } from './config';
import type { TLogFormat } from './config-env';

/**
 * The format logs are written in: LOG_FORMAT when set, else one readable line
 * per event for a person at a terminal, JSON lines for anything else (a file,
 * a pipe, a collector).
 */
export function logFormatFor(
  chosen: TLogFormat | undefined,
  isTerminal = Boolean(process.stdout.isTTY),
): TLogFormat {
  return chosen ?? (isTerminal ? 'pretty' : 'json');
}

/**
 * One readable line per event: time, level, message, then the fields that
 * matter (request id, method, URL, status, duration); colours only on a terminal.
 */
export function prettyStream(
  destination: NodeJS.WritableStream = process.stdout,
  colorize = Boolean(process.stdout.isTTY),
): DestinationStream {
  return pretty({
    destination,
    colorize,
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
}

/** pino, in the format logFormatFor chooses; secrets in headers never logged. */
export function createLogger(
  config: Pick<TConfig, 'logLevel' | 'logFormat'>,
  destination?: NodeJS.WritableStream,
): Logger {
  const options = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  };
  const format = logFormatFor(config.logFormat);
  if (format === 'pretty') return pino(options, prettyStream(destination));
  return destination ? pino(options, destination as DestinationStream) : pino(options);
}
