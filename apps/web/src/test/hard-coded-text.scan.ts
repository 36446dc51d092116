import { type ESTree, parseSync, Visitor } from 'vite';

/**
 * DESIGN 6: no user-visible string outside the i18n catalogs. Finds literal
 * text in TSX: JSX text, string children like {'Save'}, and string values of
 * the attributes users see or hear. Text counts when it holds a letter of any
 * script (Latin, CJK, ...); punctuation, numbers and symbols are allowed.
 */
export const USER_VISIBLE_ATTRIBUTES = new Set([
  'title',
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'label',
  'okText',
  'cancelText',
  'content',
  'tooltip',
  'description',
  'subTitle',
  'message',
]);

const HAS_LETTER = /\p{L}/u;

export interface THardCodedText {
  line: number;
  kind: 'jsx-text' | 'jsx-expression' | 'attribute';
  text: string;
}

function lineOf(source: string, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset && index < source.length; index += 1) {
    if (source.charCodeAt(index) === 10) line += 1;
  }
  return line;
}

/** Literal strings in an expression that would be rendered as they are. */
function literalTexts(node: ESTree.Expression | ESTree.JSXEmptyExpression): string[] {
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? [node.value] : [];
    case 'TemplateLiteral':
      return node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw);
    case 'ConditionalExpression':
      return [...literalTexts(node.consequent), ...literalTexts(node.alternate)];
    case 'LogicalExpression':
      return literalTexts(node.right);
    default:
      return [];
  }
}

function attributeName(name: ESTree.JSXAttribute['name']): string {
  return name.type === 'JSXIdentifier' ? name.name : `${name.namespace.name}:${name.name.name}`;
}

export function findHardCodedText(source: string, filename = 'component.tsx'): THardCodedText[] {
  const result = parseSync(filename, source, { lang: 'tsx', sourceType: 'module' });
  if (result.errors.length) {
    throw new Error(`${filename}: ${result.errors.map((error) => error.message).join('; ')}`);
  }
  const findings: THardCodedText[] = [];
  const report = (kind: THardCodedText['kind'], text: string, start: number) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (HAS_LETTER.test(trimmed))
      findings.push({ kind, text: trimmed, line: lineOf(source, start) });
  };

  new Visitor({
    JSXText(node) {
      report('jsx-text', node.value, node.start);
    },
    JSXExpressionContainer(node) {
      // Attribute values are judged by the attribute rule below.
      if (node.expression.type === 'JSXEmptyExpression') return;
      for (const text of literalTexts(node.expression)) {
        if (isChildContainer(node, source)) report('jsx-expression', text, node.start);
      }
    },
    JSXAttribute(node) {
      if (!USER_VISIBLE_ATTRIBUTES.has(attributeName(node.name)) || !node.value) return;
      if (node.value.type === 'Literal' && typeof node.value.value === 'string') {
        report('attribute', node.value.value, node.start);
      } else if (node.value.type === 'JSXExpressionContainer') {
        const expression = node.value.expression;
        if (expression.type !== 'JSXEmptyExpression') {
          for (const text of literalTexts(expression)) report('attribute', text, node.start);
        }
      }
    },
  }).visit(result.program);
  return findings;
}

/** A container preceded by '=' is an attribute value, otherwise it is a child. */
function isChildContainer(node: ESTree.JSXExpressionContainer, source: string): boolean {
  let index = node.start - 1;
  while (index >= 0 && /\s/.test(source[index] ?? '')) index -= 1;
  return source[index] !== '=';
}
