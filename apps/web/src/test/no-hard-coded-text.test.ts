import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findHardCodedText } from './hard-coded-text.scan';
import { appSourceFiles, sourceName } from './source-files';

describe('UI text comes from the i18n catalogs (DESIGN 6)', () => {
  const files = appSourceFiles(/\.tsx$/);

  it('scans the components', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('has no literal user-visible text in any .tsx file', () => {
    const problems = files.flatMap((file) =>
      findHardCodedText(readFileSync(file, 'utf8'), file).map(
        (item) => `${sourceName(file)}:${item.line} ${item.kind} "${item.text}"`,
      ),
    );
    expect(problems).toEqual([]);
  });
});
