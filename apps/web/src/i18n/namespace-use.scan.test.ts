import { describe, expect, it } from 'vitest';
import { scanNamespaceUse } from './namespace-use.scan';

const NAMESPACES = ['auth', 'nav', 'publish', 'social'];

describe('scanNamespaceUse (ADR 0028)', () => {
  it('finds the namespaces of useTranslation, of ns options and of prefixed keys', () => {
    const source = [
      "const { t } = useTranslation(['nav', 'auth']);",
      "const other = useTranslation('publish');",
      "i18n.t('x', { ns: 'social' });",
      "t('auth:login.title'); t(`publish:title`); t('http://x'); t('time: 3')",
    ].join('\n');
    expect(scanNamespaceUse(source, NAMESPACES)).toEqual({
      uses: ['auth', 'nav', 'publish', 'social'],
      registers: [],
    });
  });

  it('finds the namespace of useFixedT', () => {
    expect(scanNamespaceUse("const t = useFixedT('social');", NAMESPACES).uses).toEqual(['social']);
  });

  it('reads the registrations a module imports', () => {
    const source =
      "import '../../i18n/lazy/auth';\nimport './lazy/publish';\nimport { x } from './lazy/nav';";
    expect(scanNamespaceUse(source, NAMESPACES).registers).toEqual(['auth', 'publish']);
  });

  it('finds nothing in a module without texts', () => {
    expect(scanNamespaceUse('export const a = "b:c";', NAMESPACES)).toEqual({
      uses: [],
      registers: [],
    });
  });
});
