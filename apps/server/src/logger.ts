import { createRequire } from 'node:module';
import { type Logger, pino } from 'pino';
import type { TConfig } from './config';

function canLoad(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * pino, JSON lines by default; human-readable only for a developer at a
 * terminal (never in production, where logs go to a collector).
 */
export function createLogger(config: Pick<TConfig, 'logLevel' | 'isProduction'>): Logger {
  const isPretty = Boolean(process.stdout.isTTY) && !config.isProduction && canLoad('pino-pretty');
  return pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(isPretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
