import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer } from './create-mailer';
import { OutboxMailer } from './outbox.mailer';
import { SmtpMailer } from './smtp.mailer';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'layerline-outbox-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('OutboxMailer (no SMTP_URL)', () => {
  it('appends one JSON line per mail under DATA_DIR/mail and logs it at info', async () => {
    const log = { info: vi.fn() };
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'x', dataDir },
      log,
      () => new Date('2026-03-01T08:00:00Z'),
    );
    expect(mailer).toBeInstanceOf(OutboxMailer);
    const mail = {
      to: 'a@example.test',
      subject: 'Code',
      text: 'Code: 123456',
      html: '<p>123456</p>',
    };
    await mailer.send(mail);
    await mailer.send({ ...mail, to: 'b@example.test' });
    const lines = (await readFile(path.join(dataDir, 'mail', 'outbox.jsonl'), 'utf8'))
      .trim()
      .split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0] ?? '')).toEqual({ ...mail, sentAt: '2026-03-01T08:00:00.000Z' });
    expect(JSON.parse(lines[1] ?? '').to).toBe('b@example.test');
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ mail: expect.objectContaining({ to: 'a@example.test' }) }),
      expect.stringContaining('outbox'),
    );
  });

  it('is replaced by SMTP when SMTP_URL is set', () => {
    const mailer = createMailer(
      { smtpUrl: 'smtp://127.0.0.1:2525', mailFrom: 'x', dataDir },
      { info: vi.fn() },
    );
    expect(mailer).toBeInstanceOf(SmtpMailer);
  });
});
