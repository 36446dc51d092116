import type { TAiProviderCheck, TAiProviderId, TAiProviderStatus } from '@layerline/contract';
import { AI_PROVIDER_IDS } from '@layerline/contract';
import type { TAiProvidersConfig } from '../../config';

/** Ours: a probe is a quick "are you there", not a provider request's 2-minute wait. */
export const PROVIDER_PROBE_TIMEOUT_MS = 5000;

/** The variables of each provider (README "AI providers"). */
const SETTINGS: Record<TAiProviderId, string[]> = {
  comfyui: ['AI_COMFYUI_URL', 'AI_COMFYUI_WORKFLOW', 'AI_COMFYUI_IMAGE_WORKFLOW'],
  openaiImages: ['AI_OPENAI_BASE_URL', 'AI_OPENAI_API_KEY', 'AI_OPENAI_IMAGE_MODEL'],
  stability: ['AI_STABILITY_API_KEY', 'AI_STABILITY_BASE_URL', 'AI_STABILITY_MODEL'],
  chat: ['AI_CHAT_BASE_URL', 'AI_CHAT_API_KEY', 'AI_CHAT_MODEL'],
  tripo: ['AI_TRIPO_API_KEY', 'AI_TRIPO_BASE_URL'],
  meshy: ['AI_MESHY_API_KEY', 'AI_MESHY_BASE_URL'],
};

/** Where a configured provider lives, and the probe its documentation offers. */
type TProviderEnd = { baseUrl: string; probePath: string; apiKey?: string };

/**
 * A read-only request each provider documents that costs nothing and needs
 * the key: the model list (OpenAI-compatible), ComfyUI's system stats,
 * Stability's account, Tripo's balance, Meshy's task list (one item).
 * Undefined when the provider is not configured.
 */
const ENDS: Record<TAiProviderId, (config: TAiProvidersConfig) => TProviderEnd | undefined> = {
  comfyui: ({ comfyui }) => comfyui && { baseUrl: comfyui.url, probePath: '/system_stats' },
  openaiImages: ({ openaiImages }) => openaiImages && { ...openaiImages, probePath: '/models' },
  chat: ({ chat }) => chat && { ...chat, probePath: '/models' },
  stability: ({ stability }) => stability && { ...stability, probePath: '/v1/user/account' },
  tripo: ({ tripo }) => tripo && { ...tripo, probePath: '/user/balance' },
  meshy: ({ meshy }) => meshy && { ...meshy, probePath: '/openapi/v1/image-to-3d?page_size=1' },
};

const endOf = (config: TAiProvidersConfig, id: TAiProviderId): TProviderEnd | null =>
  ENDS[id](config) ?? null;

/** Which providers are configured, and where they live (no network, no keys). */
export function providerStatuses(config: TAiProvidersConfig): TAiProviderStatus[] {
  return AI_PROVIDER_IDS.map((id) => {
    const end = endOf(config, id);
    return { id, configured: end !== null, baseUrl: end?.baseUrl ?? null, settings: SETTINGS[id] };
  });
}

/**
 * Asks one provider whether it answers. One that is not configured is not
 * called at all; a configured one gets one GET with the short timeout.
 */
export async function checkProvider(
  config: TAiProvidersConfig,
  id: TAiProviderId,
  options: { timeoutMs?: number; now?: () => number } = {},
): Promise<TAiProviderCheck> {
  const end = endOf(config, id);
  if (!end) return { id, result: 'notConfigured', httpStatus: null, ms: null };
  const now = options.now ?? (() => performance.now());
  const started = now();
  try {
    const response = await fetch(`${end.baseUrl.replace(/\/+$/, '')}${end.probePath}`, {
      headers: end.apiKey ? { authorization: `Bearer ${end.apiKey}` } : {},
      signal: AbortSignal.timeout(options.timeoutMs ?? PROVIDER_PROBE_TIMEOUT_MS),
      redirect: 'manual',
    });
    await response.body?.cancel();
    const ms = Math.round(now() - started);
    const result =
      response.status === 401 || response.status === 403
        ? 'refused'
        : response.ok
          ? 'ok'
          : 'failed';
    return { id, result, httpStatus: response.status, ms };
  } catch {
    return { id, result: 'unreachable', httpStatus: null, ms: null };
  }
}
