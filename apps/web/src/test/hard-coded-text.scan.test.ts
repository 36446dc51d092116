import { describe, expect, it } from 'vitest';
import { findHardCodedText } from './hard-coded-text.scan';

describe('findHardCodedText (DESIGN 6: no user-visible string outside the catalogs)', () => {
  it('finds English and Chinese JSX text', () => {
    const source = `export const A = () => (\n  <div>\n    <p>Save changes</p>\n    <span>保存</span>\n  </div>\n);`;
    const found = findHardCodedText(source);
    expect(found.map((item) => item.text)).toEqual(['Save changes', '保存']);
    expect(found[0]).toMatchObject({ kind: 'jsx-text', line: 3 });
  });

  it('finds string children in expressions, including template and conditional ones', () => {
    const source = `export const A = ({ ok }: { ok: boolean }) => (
      <p>{'Hello'}{\`World \${ok}\`}{ok ? 'Yes' : t('no')}</p>
    );`;
    const texts = findHardCodedText(source).map((item) => item.text);
    expect(texts).toEqual(['Hello', 'World', 'Yes']);
  });

  it('finds literal user-visible attributes', () => {
    const source = `export const A = () => (
      <div>
        <input placeholder="Search" aria-label={'搜索'} />
        <img alt="Cover" src="/a.png" />
        <button title={\`Close\`} type="button" className="close-button" />
      </div>
    );`;
    const found = findHardCodedText(source);
    expect(found.map((item) => item.text)).toEqual(['Search', '搜索', 'Cover', 'Close']);
    expect(found.every((item) => item.kind === 'attribute')).toBe(true);
  });

  it('accepts t() calls, variables, punctuation, numbers and non-visible attributes', () => {
    const source = `export const A = ({ name }: { name: string }) => (
      <div className="card" data-testid="card" role="note" id="main">
        <h1 title={t('title')}>{t('heading')}</h1>
        <span aria-label={t('a11y.close')}>{name}</span>
        <span> · </span>
        <span>{42} / 100 %</span>
        <svg viewBox="0 0 10 10"><path d="M0 0h10" /></svg>
      </div>
    );`;
    expect(findHardCodedText(source)).toEqual([]);
  });

  it('reports a parse error instead of passing silently', () => {
    expect(() => findHardCodedText('export const A = () => <div>', 'broken.tsx')).toThrow(
      /broken\.tsx/,
    );
  });
});
