import { type TPromptOptimizeParams, ZPromptOptimizeParams } from '@layerline/contract';
import { z } from 'zod';
import { AiEngineError, parseParams, type TAiEngine } from '../ai-engine';
import { ProviderHttp } from './provider-http';
import type { TProviderRuntime } from './provider-runtime';

/**
 * Prompt optimisation through any `/v1/chat/completions` server: OpenAI,
 * Ollama, LocalAI, vLLM, DeepSeek, DashScope's compatible mode.
 */
export type TOpenAiChatConfig = {
  /** Up to and including `/v1` (DashScope: `.../compatible-mode/v1`). */
  baseUrl: string;
  apiKey?: string;
  model: string;
};

const PROVIDER = 'The chat provider';

const ZChatAnswer = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable().optional() }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
});

const MACHINE_ADVICE: Record<TPromptOptimizeParams['machine'], string> = {
  laser:
    'The picture will be engraved or cut by a laser: ask for strong contrast, clean outlines, no fine gradients, a plain white background, black and white or few tones.',
  '3d_printer':
    'The picture will become a 3D print or relief: ask for one clear object, simple solid shapes, even lighting, a neutral background and a three-quarter view.',
  uv_printer:
    'The picture will be printed by a UV flatbed printer: ask for vivid flat colours, sharp detail, the subject isolated on a plain background.',
};

/** Why a system prompt: the same request gives a usable image prompt on every chat model. */
export function optimizeMessages(params: TPromptOptimizeParams) {
  const language = params.locale === 'zh' ? 'Simplified Chinese' : 'English';
  const system = [
    'You rewrite a maker’s idea into one prompt for an image generator.',
    MACHINE_ADVICE[params.machine],
    params.style ? `Keep the style "${params.style}".` : '',
    `Answer with the prompt only, in ${language}, at most 80 words, without quotes or explanations.`,
  ]
    .filter(Boolean)
    .join(' ');
  return [
    { role: 'system', content: system },
    { role: 'user', content: params.prompt },
  ];
}

/** Models often wrap the answer in quotes or a code fence; the user wants the prompt itself. */
export function cleanAnswer(text: string): string {
  return text
    .trim()
    .replace(/^```[a-z]*\s*|\s*```$/g, '')
    .replace(/^["'“”「]+|["'“”」]+$/g, '')
    .trim()
    .slice(0, 4000);
}

export function createOpenAiChatEngines(
  config: TOpenAiChatConfig,
  runtime: TProviderRuntime,
): TAiEngine[] {
  const base = config.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = config.apiKey
    ? { authorization: `Bearer ${config.apiKey}` }
    : {};

  const promptOptimize: TAiEngine = {
    kind: 'prompt_optimize',
    name: `chat:${config.model}`,
    async run(raw, ctx) {
      const params = parseParams(ZPromptOptimizeParams, raw);
      ctx.progress('initialising', 0);
      const http = new ProviderHttp(PROVIDER, runtime.http, ctx.signal);
      ctx.progress('processing_texture', 30);
      const answer = await http.json(
        {
          url: `${base}/chat/completions`,
          headers,
          json: {
            model: config.model,
            messages: optimizeMessages(params),
            temperature: 0.7,
            stream: false,
          },
        },
        ZChatAnswer,
      );
      const choice = answer.choices[0];
      // Azure, DeepSeek and others end a moderated answer this way instead of with an error.
      if (choice?.finish_reason === 'content_filter') {
        throw new AiEngineError('sensitiveWords', `${PROVIDER} filtered the answer.`);
      }
      const text = cleanAnswer(choice?.message.content ?? '');
      if (!text) throw new AiEngineError('failed', `${PROVIDER} answered with no text.`);
      ctx.progress('almost_done', 97);
      return { files: [], text };
    },
  };
  return [promptOptimize];
}
