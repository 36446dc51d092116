import {
  type TPromptMachine,
  type TPromptOptimizeParams,
  ZPromptOptimizeParams,
} from '@layerline/contract';
import { parseParams, type TAiEngine } from '../ai-engine';
import intents from './prompt-intents.json';
import rules from './prompt-rules.json';

/**
 * Rule-based prompt optimisation (DESIGN 5), the local engine behind
 * `prompt_optimize` when no chat model is configured. Per machine it adds
 * the terms that make a printable or engravable picture, drops the words
 * that work against it, keeps the prompt's own language and never repeats a
 * term the prompt already has, so optimising twice changes nothing. The term
 * lists (zh and en) are in prompt-rules.json.
 *
 * An addition never contradicts what the prompt asks: each term names the
 * asks it conflicts with (prompt-intents.json: a photo, a scene, ink wash,
 * monochrome, ...), and a prompt that makes one of those asks does not get
 * it ("family photo" gets no "line art", a sunset beach no "white
 * background"). The words that make such an ask are not removed either.
 */

type TLanguage = 'zh' | 'en';
type TIntent = keyof typeof intents;
type TTerm = { en: string; zh: string; same?: string[]; conflicts?: TIntent[] };
type TMachineRules = { add: TTerm[]; remove: Record<TLanguage, string[]> };

const RULES = rules as Record<TPromptMachine, TMachineRules>;
const INTENTS = intents as Record<TIntent, Record<TLanguage, string[]>>;

const HAN = /\p{Script=Han}/gu;
const LATIN_WORD = /[A-Za-z]+/g;

/** The prompt's language: Chinese characters against English words; the locale when neither. */
export function detectLanguage(prompt: string, fallback: TLanguage): TLanguage {
  const han = prompt.match(HAN)?.length ?? 0;
  const words = prompt.match(LATIN_WORD)?.length ?? 0;
  if (han === 0 && words === 0) return fallback;
  return han >= words ? 'zh' : 'en';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An English phrase as a whole word or words, any case; a Chinese one anywhere. */
const phrase = (text: string) =>
  /^[\x20-\x7e]+$/.test(text)
    ? new RegExp(`(?<![A-Za-z])${escapeRegExp(text)}(?![A-Za-z])`, 'gi')
    : new RegExp(escapeRegExp(text), 'g');

const termForms = (term: TTerm) => [term.en, term.zh, ...(term.same ?? [])];

const hasPhrase = (prompt: string, text: string) => phrase(text).test(prompt);

const SEPARATOR: Record<TLanguage, string> = { en: ', ', zh: '，' };

/** Tidies what removing words leaves behind: doubled spaces and separators, dangling 的. */
function tidy(text: string): string {
  return (
    text
      .replace(/[ \t]+/g, ' ')
      .replace(/ +([,，、;；.。!！?？])/g, '$1')
      .replace(/([,，、;；])(\s*[,，、;；])+/g, '$1')
      .replace(/(^|[,，、;；。\s])的/g, '$1')
      // "a dragon with" once "colourful gradients" are gone.
      .replace(/\s+(?:with|and|of|in|featuring)(?=\s*(?:[,，;；.。]|$))/gi, '')
      // "a colourful owl" without "colourful" is "an owl".
      .replace(/(?<![A-Za-z])([Aa]) (?=[aeiouAEIOU])/g, '$1n ')
      .replace(/^[\s,，、;；.。]+|[\s,，、;；.。!！]+$/g, '')
      .trim()
  );
}

const intentForms = (intent: TIntent) => [...INTENTS[intent].en, ...INTENTS[intent].zh];

/** The asks a prompt makes that some addition could contradict (a photo, a scene, ink wash, ...). */
function detectIntents(prompt: string): Set<TIntent> {
  const found = new Set<TIntent>();
  for (const intent of Object.keys(INTENTS) as TIntent[]) {
    if (intentForms(intent).some((form) => hasPhrase(prompt, form))) found.add(intent);
  }
  return found;
}

/**
 * Removes the machine's contradicting words, leaving the terms it adds (e.g.
 * "no gradients") intact, and the words that make one of the prompt's asks
 * (`asks`): "watercolour" stays in a watercolour prompt, which then gets no
 * "no gradients" either.
 */
function removeContradictions(
  prompt: string,
  machine: TMachineRules,
  asks: ReadonlySet<TIntent>,
): string {
  const kept: string[] = [];
  const protectedForms = machine.add.flatMap(termForms).sort((a, b) => b.length - a.length);
  let text = prompt;
  for (const form of protectedForms) {
    text = text.replace(phrase(form), (match) => {
      kept.push(match);
      return `\uE000${kept.length - 1}\uE001`;
    });
  }
  const askForms = [...asks].flatMap(intentForms);
  const contradictions = [...machine.remove.en, ...machine.remove.zh]
    .filter((word) => !askForms.some((form) => hasPhrase(word, form)))
    .sort((a, b) => b.length - a.length);
  for (const word of contradictions) {
    const pattern = phrase(word);
    text = text.replace(
      /^[\x20-\x7e]+$/.test(word)
        ? pattern
        : new RegExp(`(?:带有|带着|带)?${pattern.source}的?`, 'g'),
      '',
    );
  }
  return text.replace(/\uE000(\d+)\uE001/g, (_, index: string) => kept[Number(index)] ?? '');
}

/** The optimised prompt and the phrases it added, in order (what the page offers to take back). */
export type TOptimizedPrompt = { text: string; added: string[] };

export function optimizePromptParts(params: TPromptOptimizeParams): TOptimizedPrompt {
  const language = detectLanguage(params.prompt, params.locale);
  const machine = RULES[params.machine];
  const asks = detectIntents(params.prompt);
  const cleaned = tidy(removeContradictions(params.prompt, machine, asks));
  const added: string[] = [];
  const style = params.style?.trim();
  if (style && !cleaned.toLowerCase().includes(style.toLowerCase())) {
    added.push(language === 'zh' ? `${style}风格` : `${style} style`);
  }
  for (const term of machine.add) {
    if (termForms(term).some((form) => hasPhrase(cleaned, form))) continue;
    if (term.conflicts?.some((intent) => asks.has(intent))) continue;
    added.push(term[language]);
  }
  const text = [cleaned, ...added].filter((part) => part.length > 0).join(SEPARATOR[language]);
  return { text, added };
}

export function optimizePrompt(params: TPromptOptimizeParams): string {
  return optimizePromptParts(params).text;
}

export function createPromptOptimizeEngine(): TAiEngine {
  return {
    kind: 'prompt_optimize',
    name: 'local:prompt-rules',
    async run(raw, ctx) {
      const params = parseParams(ZPromptOptimizeParams, raw);
      ctx.progress('generating_mesh', 50);
      // The added phrases are stored with the job, so its record shows them as they were.
      const { text, added } = optimizePromptParts(params);
      return { files: [], text, promptAdded: added };
    },
  };
}
