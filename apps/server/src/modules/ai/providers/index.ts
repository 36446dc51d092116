import type { TAiProvidersConfig } from '../../../config';
import type { TAiEngine } from '../ai-engine';
import { createComfyUiEngines } from './comfyui.provider';
import { createMeshyEngines } from './meshy.provider';
import { createOpenAiChatEngines } from './openai-chat.provider';
import { createOpenAiImageEngines } from './openai-images.provider';
import { DEFAULT_PROVIDER_RUNTIME, type TProviderRuntime } from './provider-runtime';
import { createStabilityEngines } from './stability.provider';
import { createTripoEngines } from './tripo3d.provider';

export type { TProviderRuntime } from './provider-runtime';

/**
 * The engines of every configured provider (`config.aiProviders`), in the
 * order a kind's first engine is preferred: self-hosted before hosted, so a
 * site with its own ComfyUI does not pay a hosted service for the same
 * picture. Providers without their variables contribute nothing, and a kind
 * no engine serves stays unavailable (DESIGN 5: such features say so and
 * charge nothing).
 */
export function createProviderEngines(
  config: TAiProvidersConfig,
  overrides: Partial<TProviderRuntime> = {},
): TAiEngine[] {
  const runtime: TProviderRuntime = {
    ...DEFAULT_PROVIDER_RUNTIME,
    taskTimeoutMs: config.taskTimeoutMs,
    ...overrides,
    http: { ...DEFAULT_PROVIDER_RUNTIME.http, timeoutMs: config.timeoutMs, ...overrides.http },
  };
  return [
    ...(config.comfyui ? createComfyUiEngines(config.comfyui, runtime) : []),
    ...(config.openaiImages ? createOpenAiImageEngines(config.openaiImages, runtime) : []),
    ...(config.stability ? createStabilityEngines(config.stability, runtime) : []),
    ...(config.chat ? createOpenAiChatEngines(config.chat, runtime) : []),
    ...(config.tripo ? createTripoEngines(config.tripo, runtime) : []),
    ...(config.meshy ? createMeshyEngines(config.meshy, runtime) : []),
  ];
}
