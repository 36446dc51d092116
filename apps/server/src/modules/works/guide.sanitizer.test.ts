import { describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../files';
import { sanitizeGuide as sanitize } from './guide.sanitizer';

const PUBLIC = 'https://makers.example';
const storage = new LocalDiskStorage('/nonexistent');
const sanitizeGuide = (html: string, publicUrl: string) =>
  sanitize(html, publicUrl, (url) => storage.keyFromUrl(url) !== undefined);
const IMAGE = `/files/ab/ab${'0'.repeat(62)}.webp`;

describe('sanitizeGuide (SPEC 3 rich-text guide)', () => {
  it('keeps the allowed formatting', () => {
    const html =
      '<h2>Steps</h2><h3>One</h3><h4>a</h4><p><strong>b</strong> <em>c</em> <u>d</u> <s>e</s><br></p>' +
      '<ul><li>x</li></ul><ol><li>y</li></ol><blockquote>q</blockquote><pre><code>G28</code></pre>';
    expect(sanitizeGuide(html, PUBLIC).html).toBe(html.replace('<br>', '<br />'));
  });

  it('drops scripts, handlers, styles, frames and unsafe links', () => {
    const { html, text } = sanitizeGuide(
      '<p style="color:red" onclick="x()">Hi<script>alert(1)</script></p><iframe src="https://x"></iframe>' +
        '<a href="javascript:alert(1)">bad</a> <a href="/relative">rel</a> ' +
        '<a href="https://ok.example/a?b=1" target="_self" onmouseover="x()">ok</a><h1>Big</h1><style>p{}</style>',
      PUBLIC,
    );
    expect(html).toBe(
      '<p>Hi</p><a>bad</a> <a>rel</a> <a href="https://ok.example/a?b=1" rel="noopener noreferrer nofollow" target="_blank">ok</a>Big',
    );
    expect(text).toBe('Hibad rel okBig');
  });

  it('keeps only images from our /files, stored relative, and reports them', () => {
    const result = sanitizeGuide(
      `<img src="${PUBLIC}${IMAGE}" alt="top"><img src="https://evil.example/a.png"><img src="/files/../etc/passwd"><img src="data:image/png;base64,AAAA">`,
      PUBLIC,
    );
    expect(result.html).toBe(`<img src="${IMAGE}" alt="top" />`);
    expect(result.images).toEqual([IMAGE]);
  });

  it('treats a guide with nothing visible as empty', () => {
    expect(sanitizeGuide('<p> </p><p><br></p><script>x</script>', PUBLIC).html).toBe('');
  });
});
