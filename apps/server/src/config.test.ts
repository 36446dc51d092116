import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { defaultPoolSize } from './db/client';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/srv/layerline');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/layerline/data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      productTitle: 'Layerline',
      logLevel: 'info',
      seedDemo: true,
      nodeEnv: 'development',
      isProduction: false,
      trustProxy: false,
      s3: undefined,
      reviewMode: 'auto',
      sensitiveWordsFile: undefined,
    });
    expect(config.webDistDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: 'var/data',
        DATABASE_URL: 'postgres://u:p@db:5432/layerline',
        DATABASE_POOL_SIZE: '24',
        PUBLIC_URL: 'https://makers.example/',
        PRODUCT_TITLE: 'Maker Hub',
        SMTP_URL: 'smtp://mail:25',
        REDIS_URL: 'redis://cache:6379',
        S3_BUCKET: 'files',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_ENDPOINT: 'http://minio:9000',
        LOG_LEVEL: 'debug',
        SEED_DEMO: '0',
        NODE_ENV: 'production',
        WEB_DIST_DIR: 'web',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/var/data',
      databaseUrl: 'postgres://u:p@db:5432/layerline',
      databasePoolSize: 24,
      publicUrl: 'https://makers.example',
      productTitle: 'Maker Hub',
      smtpUrl: 'smtp://mail:25',
      redisUrl: 'redis://cache:6379',
      s3: { bucket: 'files', accessKeyId: 'id', secretAccessKey: 'secret' },
      logLevel: 'debug',
      seedDemo: false,
      isProduction: true,
      webDistDir: '/srv/web',
    });
  });

  it('reads the review mode and the sensitive-word list', () => {
    const config = loadConfig({ REVIEW_MODE: 'manual', SENSITIVE_WORDS_FILE: 'words.txt' }, '/srv');
    expect(config).toMatchObject({ reviewMode: 'manual', sensitiveWordsFile: '/srv/words.txt' });
    expect(() => loadConfig({ REVIEW_MODE: 'sometimes' })).toThrow(/REVIEW_MODE:/);
  });

  it('leaves the pool size to the cores unless DATABASE_POOL_SIZE says (ADR 0040)', () => {
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE:/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE:/);
    expect(defaultPoolSize(1)).toBe(4);
    expect(defaultPoolSize(2)).toBe(4);
    expect(defaultPoolSize(8)).toBe(16);
  });

  it('runs worker threads 10 below the event loop unless WORKER_NICE says (ADR 0057)', () => {
    expect(loadConfig({}).workerNice).toBe(10);
    expect(loadConfig({ WORKER_NICE: '0' }).workerNice).toBe(0);
    expect(loadConfig({ WORKER_NICE: '19' }).workerNice).toBe(19);
    expect(() => loadConfig({ WORKER_NICE: '20' })).toThrow(/WORKER_NICE:/);
    expect(() => loadConfig({ WORKER_NICE: '-1' })).toThrow(/WORKER_NICE:/);
  });

  it('gives a stopping server 25 s in production, 3 s elsewhere, unless SHUTDOWN_GRACE_MS says (ADR 0054)', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).shutdownGraceMs).toBe(25_000);
    expect(loadConfig({}).shutdownGraceMs).toBe(3_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '60000' }).shutdownGraceMs).toBe(60_000);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS:/);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        SEED_DEMO: 'yes',
        S3_BUCKET: 'files',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'LOG_LEVEL',
      'SEED_DEMO',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
    ]) {
      expect(message).toContain(`${name}:`);
    }
    expect((error as ConfigError).problems).toHaveLength(6);
  });

  it('reads the auth and mail variables', () => {
    const config = loadConfig({
      AUTH_SECRET: 'k'.repeat(32),
      AUTH_TEST_CAPTCHA: 'T3st',
      ADMIN_EMAIL: 'Boss@Example.test',
      ADMIN_PASSWORD: 'bosspass1',
      MAIL_FROM: 'Makers <hi@makers.example>',
    });
    expect(config).toMatchObject({
      authSecret: 'k'.repeat(32),
      authTestCaptcha: 'T3st',
      admin: { email: 'boss@example.test', password: 'bosspass1' },
      mailFrom: 'Makers <hi@makers.example>',
    });
    expect(loadConfig({ PRODUCT_TITLE: 'Maker Hub' }).mailFrom).toBe(
      '"Maker Hub" <no-reply@localhost>',
    );
    expect(loadConfig({})).toMatchObject({ authSecret: undefined, admin: undefined });
  });

  it('refuses AUTH_TEST_CAPTCHA in production', () => {
    expect(() => loadConfig({ AUTH_TEST_CAPTCHA: 'T3st', NODE_ENV: 'production' })).toThrow(
      /AUTH_TEST_CAPTCHA: must not be set when NODE_ENV=production/,
    );
    expect(loadConfig({ AUTH_TEST_CAPTCHA: 'T3st', NODE_ENV: 'test' }).authTestCaptcha).toBe(
      'T3st',
    );
  });

  it('refuses a short AUTH_SECRET, a bad admin and a half-set admin', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET: must be at least 32/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.test' })).toThrow(
      /ADMIN_EMAIL, ADMIN_PASSWORD: set both or neither/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'longenough1' })).toThrow(
      /ADMIN_EMAIL: please enter a correct email format/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.test', ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD: The password must be 8 to 20 characters/,
    );
  });

  it('reads AI_WORKERS and AI_COST_<KIND> (ADR 0012) and refuses nonsense', () => {
    expect(loadConfig({})).toMatchObject({ aiWorkers: 1, aiCosts: {} });
    const config = loadConfig({
      AI_WORKERS: '0',
      AI_COST_TEXT_TO_IMAGE: '8',
      AI_COST_VECTORIZE: '',
      AI_COST_PROMPT_OPTIMIZE: '0',
    });
    expect(config.aiWorkers).toBe(0);
    expect(config.aiCosts).toEqual({ text_to_image: 8, prompt_optimize: 0 });
    expect(() => loadConfig({ AI_WORKERS: 'many' })).toThrow(/AI_WORKERS:/);
    expect(() => loadConfig({ AI_WORKERS: '9' })).toThrow(/AI_WORKERS:/);
    expect(() => loadConfig({ AI_COST_IMAGE_TO_3D: '2.5' })).toThrow(/AI_COST_IMAGE_TO_3D:/);
    expect(() => loadConfig({ AI_COST_LASER_IMAGE: '-1' })).toThrow(/AI_COST_LASER_IMAGE:/);
  });

  it('reads METRICS_TOKEN, unset by default, and refuses a short one (ADR 0055)', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: ` ${'m'.repeat(24)} ` }).metricsToken).toBe('m'.repeat(24));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
  });

  it('is the only reader of the environment: other code gets the config passed down', async () => {
    const root = path.dirname(fileURLToPath(import.meta.url));
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    const offenders: string[] = [];
    for (const entry of entries) {
      const file = path.join(entry.parentPath, entry.name);
      const relative = path.relative(root, file);
      if (!entry.isFile() || !relative.endsWith('.ts') || /\.test(-helpers)?\.ts$/.test(relative)) {
        continue;
      }
      // Test support reads the test run's own variables (TEST_DATABASE_URL, TEST_DB_KIND).
      // config-env.ts holds the variables' schema and the rules that span them.
      if (['config.ts', 'config-env.ts'].includes(relative)) continue;
      if (relative.startsWith(`test${path.sep}`)) continue;
      const text = await readFile(file, 'utf8');
      // Entry points hand the whole environment to loadConfig and nothing else.
      const reads = text
        .replace(/\((process\.env)[,)]/g, '')
        .match(/process\.env\b|\benv(?:\.[A-Z_]+|\[)/g);
      if (reads) offenders.push(`${relative}: ${reads.join(', ')}`);
    }
    expect(offenders).toEqual([]);
  });
});
