import { describe, expect, it } from 'vitest';
import { SvgInvalidError, sanitizeSvg } from './svg-sanitizer';

const PNG_DATA = 'data:image/png;base64,iVBORw0KGgo=';

describe('sanitizeSvg', () => {
  it('removes script, foreignObject, event handlers and outside references', () => {
    const dirty = `<?xml version="1.0"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <script href="https://evil.example/x.js"/>
  <foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"/></body></foreignObject>
  <defs><path id="p" d="M0 0L10 10"/></defs>
  <use href="#p" onclick="steal()"/>
  <use xlink:href="https://evil.example/sprite.svg#a"/>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <image href="${PNG_DATA}" width="2" height="2"/>
  <a href="javascript:alert(3)"><rect width="5" height="5" fill="url(https://evil.example/p)"/></a>
  <rect width="4" height="4" style="fill:url(#grad);stroke:url('https://evil.example/s');opacity:.5"/>
  <circle r="1" fill="url(#grad)" filter="url(#f)"/>
  <set attributeName="href" to="javascript:alert(4)"/>
  <style>@import url(https://evil.example/a.css); rect { fill: red }</style>
  <style>.cut { stroke: #f00 }</style>
  <text x="1" y="9">Hi &amp; &#x4F60;好</text>
</svg>`;
    const clean = sanitizeSvg(dirty);
    for (const banned of [
      '<script',
      'foreignObject',
      'iframe',
      'onload',
      'onclick',
      'evil.example',
      'javascript',
      '<set',
      '@import',
      'DOCTYPE',
    ]) {
      expect(clean).not.toContain(banned);
    }
    expect(clean).toContain('<use href="#p"/>');
    expect(clean).toContain(`<image href="${PNG_DATA}" width="2" height="2"/>`);
    expect(clean).toContain('<rect width="5" height="5"/>');
    expect(clean).toContain('style="fill:url(#grad);opacity:.5"');
    expect(clean).toContain('<circle r="1" fill="url(#grad)" filter="url(#f)"/>');
    expect(clean).toContain('<style>.cut { stroke: #f00 }</style>');
    expect(clean).toContain('<text x="1" y="9">Hi &amp; 你好</text>');
    expect(
      clean.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"',
      ),
    ).toBe(true);
    // The result is itself well-formed and stable.
    expect(sanitizeSvg(clean)).toBe(clean);
  });

  it('adds the SVG namespace when it is missing, and keeps Inkscape drawings', () => {
    const clean = sanitizeSvg(
      '<svg width="10mm" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"><g inkscape:label="Cut"><path d="M0 0h5"/></g><sodipodi:namedview/></svg>',
    );
    expect(clean).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10mm"><g><path d="M0 0h5"/></g></svg>\n',
    );
  });

  it.each([
    ['not XML', 'svg but not really'],
    ['unclosed tag', '<svg><g></svg>'],
    ['another root', '<html><svg/></html>'],
    ['entity declarations', '<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>'],
    ['unknown entity', '<svg><text>&nbsp;</text></svg>'],
    ['two roots', '<svg/><svg/>'],
    ['duplicate attribute', '<svg a="1" a="2"/>'],
  ])('refuses %s', (_name, text) => {
    expect(() => sanitizeSvg(text)).toThrow(SvgInvalidError);
  });
});
