import {
  type TPromptMachine,
  type TPromptOptimizeParams,
  ZPromptOptimizeParams,
} from '@layerline/contract';
import { parseParams, type TAiEngine } from '../ai-engine';
import rules from './prompt-rules.json';

/**
 * Rule-based prompt optimisation (DESIGN 5), the local engine behind
 * `prompt_optimize` when no chat model is configured. Per machine it adds
 * the terms that make a printable or engravable picture, drops the words
 * that work against it, keeps the prompt's own language and never repeats a
 * term the prompt already has, so optimising twice changes nothing. The term
 * lists (zh and en) are in prompt-rules.json.
 */

type TLanguage = 'zh' | 'en';
type TTerm = { en: string; zh: string; same?: string[] };
type TMachineRules = { add: TTerm[]; remove: Record<TLanguage, string[]> };

const RULES = rules as Record<TPromptMachine, TMachineRules>;

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

/** Removes the machine's contradicting words, leaving the terms it adds (e.g. "no gradients") intact. */
function removeContradictions(prompt: string, machine: TMachineRules): string {
  const kept: string[] = [];
  const protectedForms = machine.add.flatMap(termForms).sort((a, b) => b.length - a.length);
  let text = prompt;
  for (const form of protectedForms) {
    text = text.replace(phrase(form), (match) => {
      kept.push(match);
      return `\uE000${kept.length - 1}\uE001`;
    });
  }
  const contradictions = [...machine.remove.en, ...machine.remove.zh].sort(
    (a, b) => b.length - a.length,
  );
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

export function optimizePrompt(params: TPromptOptimizeParams): string {
  const language = detectLanguage(params.prompt, params.locale);
  const machine = RULES[params.machine];
  const cleaned = tidy(removeContradictions(params.prompt, machine));
  const additions: string[] = [];
  const style = params.style?.trim();
  if (style && !cleaned.toLowerCase().includes(style.toLowerCase())) {
    additions.push(language === 'zh' ? `${style}风格` : `${style} style`);
  }
  for (const term of machine.add) {
    if (termForms(term).some((form) => hasPhrase(cleaned, form))) continue;
    additions.push(term[language]);
  }
  return [cleaned, ...additions].filter((part) => part.length > 0).join(SEPARATOR[language]);
}

export function createPromptOptimizeEngine(): TAiEngine {
  return {
    kind: 'prompt_optimize',
    name: 'local:prompt-rules',
    async run(raw, ctx) {
      const params = parseParams(ZPromptOptimizeParams, raw);
      ctx.progress('generating_mesh', 50);
      return { files: [], text: optimizePrompt(params) };
    },
  };
}
