/**
 * A small, strict XML parser for uploaded SVG files: well-formedness is
 * checked, the tree is kept for the sanitiser to rebuild from. No DTDs: an
 * internal subset (entity declarations, the way to XXE and "billion laughs")
 * is refused, and only the five predefined entities and character references
 * are understood.
 */
export type TXmlText = { type: 'text'; text: string };
export type TXmlElement = {
  type: 'element';
  name: string;
  attributes: [string, string][];
  children: TXmlNode[];
};
export type TXmlNode = TXmlElement | TXmlText;

export class XmlSyntaxError extends Error {
  constructor(reason: string, at: number) {
    super(`${reason} at ${at}`);
    this.name = 'XmlSyntaxError';
  }
}

/** The document is well-formed so far but over a size limit (nodes or depth). */
export class XmlLimitError extends XmlSyntaxError {
  constructor(reason: string, at: number) {
    super(reason, at);
    this.name = 'XmlLimitError';
  }
}

export type TXmlLimits = { maxDepth: number; maxNodes: number };
const DEFAULT_LIMITS: TXmlLimits = { maxDepth: 256, maxNodes: 500_000 };

const NAME = /[A-Za-z_:\u00C0-\uFFFF][-A-Za-z0-9_:.\u00B7\u00C0-\uFFFF]*/y;
const SPACE = /[ \t\r\n]*/y;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

class Parser {
  private at = 0;
  private nodes = 0;

  constructor(
    private readonly text: string,
    private readonly limits: TXmlLimits,
  ) {}

  fail(reason: string): never {
    throw new XmlSyntaxError(reason, this.at);
  }

  private startsWith(token: string): boolean {
    return this.text.startsWith(token, this.at);
  }

  private skipSpace(): void {
    SPACE.lastIndex = this.at;
    SPACE.exec(this.text);
    this.at = SPACE.lastIndex;
  }

  private name(): string {
    NAME.lastIndex = this.at;
    const match = NAME.exec(this.text);
    if (!match) this.fail('name expected');
    this.at = NAME.lastIndex;
    return match[0];
  }

  /** Skips to just after `end`, failing when it never comes. */
  private skipPast(end: string): string {
    const index = this.text.indexOf(end, this.at);
    if (index === -1) this.fail(`${end} expected`);
    const skipped = this.text.slice(this.at, index);
    this.at = index + end.length;
    return skipped;
  }

  private decode(raw: string): string {
    if (!raw.includes('&')) return raw;
    return raw.replace(/&([^;&\s]{0,32});?/g, (whole, ref: string) => {
      if (!whole.endsWith(';')) this.fail('unterminated entity');
      if (ref in PREDEFINED) return PREDEFINED[ref] as string;
      const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(ref);
      if (!numeric) this.fail(`unknown entity &${ref};`);
      const code = numeric[1] ? Number.parseInt(numeric[1], 16) : Number(numeric[2]);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
        this.fail('invalid character reference');
      }
      return String.fromCodePoint(code);
    });
  }

  /** Comments, processing instructions and white space between elements. */
  private misc(allowDoctype: boolean): void {
    for (;;) {
      this.skipSpace();
      if (this.startsWith('<!--')) {
        this.at += 4;
        this.skipPast('-->');
      } else if (this.startsWith('<?')) {
        this.at += 2;
        this.skipPast('?>');
      } else if (allowDoctype && this.startsWith('<!DOCTYPE')) {
        const declaration = this.skipPast('>');
        if (declaration.includes('[')) this.fail('DTD internal subsets are not allowed');
      } else {
        return;
      }
    }
  }

  document(): TXmlElement {
    if (this.text.charCodeAt(0) === 0xfeff) this.at = 1;
    this.misc(true);
    if (!this.startsWith('<')) this.fail('root element expected');
    const root = this.element(1);
    this.misc(false);
    if (this.at !== this.text.length) this.fail('content after the root element');
    return root;
  }

  private element(depth: number): TXmlElement {
    if (depth > this.limits.maxDepth) throw new XmlLimitError('too deeply nested', this.at);
    this.nodes += 1;
    if (this.nodes > this.limits.maxNodes) throw new XmlLimitError('too many nodes', this.at);
    this.at += 1;
    const element: TXmlElement = {
      type: 'element',
      name: this.name(),
      attributes: [],
      children: [],
    };
    const seen = new Set<string>();
    for (;;) {
      const before = this.at;
      this.skipSpace();
      if (this.startsWith('/>')) {
        this.at += 2;
        return element;
      }
      if (this.startsWith('>')) {
        this.at += 1;
        break;
      }
      if (this.at === before) this.fail('space expected between attributes');
      const name = this.name();
      if (seen.has(name)) this.fail(`duplicate attribute ${name}`);
      seen.add(name);
      this.skipSpace();
      if (!this.startsWith('=')) this.fail('= expected');
      this.at += 1;
      this.skipSpace();
      const quote = this.text[this.at];
      if (quote !== '"' && quote !== "'") this.fail('quoted value expected');
      this.at += 1;
      const raw = this.skipPast(quote);
      if (raw.includes('<')) this.fail('< in attribute value');
      element.attributes.push([name, this.decode(raw)]);
    }
    this.content(element, depth);
    return element;
  }

  private content(element: TXmlElement, depth: number): void {
    for (;;) {
      const next = this.text.indexOf('<', this.at);
      if (next === -1) this.fail(`</${element.name}> expected`);
      if (next > this.at) {
        element.children.push({ type: 'text', text: this.decode(this.text.slice(this.at, next)) });
        this.at = next;
      }
      if (this.startsWith('</')) {
        this.at += 2;
        if (this.name() !== element.name) this.fail(`</${element.name}> expected`);
        this.skipSpace();
        if (!this.startsWith('>')) this.fail('> expected');
        this.at += 1;
        return;
      }
      if (this.startsWith('<!--')) {
        this.at += 4;
        this.skipPast('-->');
      } else if (this.startsWith('<![CDATA[')) {
        this.at += 9;
        element.children.push({ type: 'text', text: this.skipPast(']]>') });
      } else if (this.startsWith('<?')) {
        this.at += 2;
        this.skipPast('?>');
      } else if (this.startsWith('<!')) {
        this.fail('declaration inside an element');
      } else {
        element.children.push(this.element(depth + 1));
      }
    }
  }
}

/** The root element of a well-formed document; throws XmlSyntaxError otherwise. */
export function parseXml(text: string, limits: TXmlLimits = DEFAULT_LIMITS): TXmlElement {
  return new Parser(text, limits).document();
}

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttribute = (text: string) =>
  escapeText(text).replaceAll('"', '&quot;').replaceAll('\n', '&#10;').replaceAll('\r', '&#13;');

/** Serialises a tree; every text and attribute value is escaped. */
export function serializeXml(node: TXmlNode): string {
  if (node.type === 'text') return escapeText(node.text);
  const attributes = node.attributes
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  if (node.children.length === 0) return `<${node.name}${attributes}/>`;
  return `<${node.name}${attributes}>${node.children.map(serializeXml).join('')}</${node.name}>`;
}
