import {
  AI_JOB_KINDS,
  isLocalImageStyle,
  LOCAL_IMAGE_STYLES,
  type TAiFeature,
  type TAiJobKind,
} from '@layerline/contract';
import type { TAiEngine } from './ai-engine';

/**
 * Kinds whose free-form result a configured provider makes better than the
 * local engine (DESIGN 5): for these a provider engine, where one is
 * configured, is preferred and the local engine is the fallback. For the
 * others (deterministic laser/3D preparation) the local engine stays first.
 */
const PROVIDER_FIRST: ReadonlySet<TAiJobKind> = new Set([
  'text_to_image',
  'image_to_image',
  'prompt_optimize',
  'remove_background',
  'image_to_3d',
]);

/** The settings that enable a kind no engine serves (README, AI providers). */
export const AI_KIND_SETTINGS: Record<TAiJobKind, string> = {
  text_to_image:
    'AI_COMFYUI_URL + AI_COMFYUI_WORKFLOW, AI_OPENAI_BASE_URL + AI_OPENAI_API_KEY or AI_STABILITY_API_KEY',
  image_to_image:
    'AI_COMFYUI_URL + AI_COMFYUI_IMAGE_WORKFLOW, AI_OPENAI_BASE_URL + AI_OPENAI_API_KEY or AI_STABILITY_API_KEY',
  text_to_logo: 'built in',
  prompt_optimize: 'AI_CHAT_BASE_URL + AI_CHAT_MODEL (built-in rules otherwise)',
  remove_background: 'AI_STABILITY_API_KEY (built-in engine otherwise)',
  vectorize: 'built in',
  erase: 'built in',
  laser_image: 'built in',
  image_to_3d: 'AI_TRIPO_API_KEY or AI_MESHY_API_KEY',
  relief_3d: 'built in',
  lithophane: 'built in',
  cookie_cutter: 'built in',
};

/** Default cost in points per kind (SPEC 1 points; AI_COST_<KIND>, read by config.ts, overrides). */
export const DEFAULT_AI_COSTS: Record<TAiJobKind, number> = {
  text_to_image: 5,
  image_to_image: 5,
  text_to_logo: 2,
  prompt_optimize: 0,
  remove_background: 2,
  vectorize: 2,
  erase: 1,
  laser_image: 1,
  image_to_3d: 20,
  relief_3d: 5,
  lithophane: 5,
  cookie_cutter: 5,
};

export type TAiEngineRegistry = {
  /**
   * The engine for a kind, or null: the caller answers "not available" before
   * charging. With `params`, the engine for that request: image-to-image's
   * local styles go to the local engine, its other styles only to a provider.
   */
  engineFor(kind: TAiJobKind, params?: Record<string, unknown>): TAiEngine | null;
  /** Whether a provider serves the kind (image-to-image: its generative styles). */
  hasProvider(kind: TAiJobKind): boolean;
  /** An engine by its recorded name (a retried job keeps its engine when it still exists). */
  engineNamed(name: string): TAiEngine | null;
  cost(kind: TAiJobKind): number;
  features(): TAiFeature[];
};

export function createAiEngineRegistry(input: {
  local: readonly TAiEngine[];
  providers: readonly TAiEngine[];
  costs?: Partial<Record<TAiJobKind, number>>;
}): TAiEngineRegistry {
  const costs = { ...DEFAULT_AI_COSTS, ...input.costs };
  const chosen = new Map<TAiJobKind, TAiEngine>();
  const byName = new Map<string, TAiEngine>();
  for (const engine of [...input.providers, ...input.local]) {
    if (!byName.has(engine.name)) byName.set(engine.name, engine);
  }
  for (const kind of AI_JOB_KINDS) {
    const local = input.local.find((e) => e.kind === kind);
    const provider = input.providers.find((e) => e.kind === kind);
    const engine = PROVIDER_FIRST.has(kind) ? (provider ?? local) : (local ?? provider);
    if (engine) chosen.set(kind, engine);
  }
  const providerFor = (kind: TAiJobKind) => input.providers.find((e) => e.kind === kind) ?? null;
  return {
    engineFor: (kind, params) => {
      if (kind === 'image_to_image' && params) {
        return isLocalImageStyle(params.style)
          ? (input.local.find((e) => e.kind === kind) ?? null)
          : providerFor(kind);
      }
      return chosen.get(kind) ?? null;
    },
    hasProvider: (kind) => providerFor(kind) !== null,
    engineNamed: (name) => byName.get(name) ?? null,
    cost: (kind) => costs[kind],
    features: () =>
      AI_JOB_KINDS.map((kind) => {
        const engine = chosen.get(kind) ?? null;
        return {
          kind,
          cost: costs[kind],
          available: engine !== null,
          engine: engine?.name ?? null,
          setting: engine ? null : AI_KIND_SETTINGS[kind],
          // Image-to-image offers its local styles always, a provider's only when one is set.
          ...(kind === 'image_to_image'
            ? { localStyles: [...LOCAL_IMAGE_STYLES], generative: providerFor(kind) !== null }
            : {}),
        };
      }),
  };
}
