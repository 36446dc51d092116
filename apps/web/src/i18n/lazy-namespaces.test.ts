import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { appSourceFiles, sourceName } from '../test/source-files';
import { i18n } from './i18n';
import { en } from './locales/en';
import { enCore } from './locales/en/core';
import { scanNamespaceUse } from './namespace-use.scan';

const LAZY_DIR = join(import.meta.dirname, 'lazy');
const ALL = Object.keys(en);
const CORE = Object.keys(enCore);
const REGISTRABLE = readdirSync(LAZY_DIR).map((name) => name.replace(/\.ts$/, ''));

describe('English namespaces outside the core travel with their modules (ADR 0028)', () => {
  it('has every namespace either in the core or registrable, never both', () => {
    expect([...CORE, ...REGISTRABLE].sort()).toEqual([...ALL].sort());
  });

  it('has each module that uses a namespace outside the core import its registration', () => {
    const files = appSourceFiles(/\.tsx?$/);
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((file) => {
      const { uses, registers } = scanNamespaceUse(readFileSync(file, 'utf8'), ALL);
      const path = sourceName(file);
      return uses
        .filter((name) => REGISTRABLE.includes(name) && !registers.includes(name))
        .map((name) => `${path}: add import '…/i18n/lazy/${name}'`);
    });
    expect(problems).toEqual([]);
  });

  it('registers what it says: importing a registration adds its namespace to English', async () => {
    for (const name of REGISTRABLE) {
      // The set-up added the whole catalog; take this namespace away and load its module afresh.
      i18n.removeResourceBundle('en', name);
      vi.resetModules();
      await import(`./lazy/${name}.ts`);
      expect(i18n.getResourceBundle('en', name)).toEqual(en[name as keyof typeof en]);
    }
  });
});
