import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, logFormatFor } from './logger';

const capture = () => {
  const out = new PassThrough();
  const chunks: string[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return { out, lines: () => chunks.join('').split('\n').filter(Boolean) };
};

describe('log format (LOG_FORMAT, OPERATIONS.md Logs)', () => {
  it('is readable lines at a terminal, JSON lines elsewhere, and LOG_FORMAT decides when set', () => {
    expect(logFormatFor(undefined, true)).toBe('pretty');
    expect(logFormatFor(undefined, false)).toBe('json');
    expect(logFormatFor('json', true)).toBe('json');
    expect(logFormatFor('pretty', false)).toBe('pretty');
  });

  it('writes one readable line per event, request fields on the same line', () => {
    const { out, lines } = capture();
    const log = createLogger({ logLevel: 'info', logFormat: 'pretty' }, out);
    log.info({ reqId: 'req-7', res: { statusCode: 201 }, responseTime: 12.5 }, 'request completed');
    log.warn('pool busy');
    log.debug('not at info');
    const written = lines();
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed .*reqId.*req-7/);
    expect(written[0]).toContain('201');
    expect(written[1]).toMatch(/WARN: pool busy$/);
    expect(() => JSON.parse(written[0] as string)).toThrow();
  });

  it('writes JSON lines for a collector, with authorization and cookies redacted', () => {
    const { out, lines } = capture();
    const log = createLogger({ logLevel: 'info', logFormat: 'json' }, out);
    log.info({ req: { headers: { authorization: 'Bearer secret', cookie: 'c=1' } } }, 'in');
    const [line] = lines();
    const event = JSON.parse(line as string);
    expect(event).toMatchObject({ level: 30, msg: 'in' });
    expect(event.req.headers.authorization).toBe('[Redacted]');
    expect(line).not.toContain('secret');
  });
});
