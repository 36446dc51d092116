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

type TProbe = { url: string; apiKey?: string };

const joined = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

/**
 * A read-only request each provider documents that costs nothing and needs
 * the key: the model list (OpenAI-compatible), ComfyUI's system stats,
 * Stability's account, Tripo's balance, Meshy's task list (one item).
 */
function probeOf(config: TAiProvidersConfig, id: TAiProviderId): TProbe | null {
  switch (id) {
    case 'comfyui':
      return config.comfyui ? { url: joined(config.comfyui.url, '/system_stats') } : null;
    case 'openaiImages':
      return config.openaiImages
        ? {
            url: joined(config.openaiImages.baseUrl, '/models'),
            apiKey: config.openaiImages.apiKey,
          }
        : null;
    case 'chat':
      return config.chat
        ? { url: joined(config.chat.baseUrl, '/models'), apiKey: config.chat.apiKey }
        : null;
    case 'stability':
      return config.stability
        ? {
            url: joined(config.stability.baseUrl, '/v1/user/account'),
            apiKey: config.stability.apiKey,
          }
        : null;
    case 'tripo':
      return config.tripo
        ? { url: joined(config.tripo.baseUrl, '/user/balance'), apiKey: config.tripo.apiKey }
        : null;
    case 'meshy':
      return config.meshy
        ? {
            url: joined(config.meshy.baseUrl, '/openapi/v1/image-to-3d?page_size=1'),
            apiKey: config.meshy.apiKey,
          }
        : null;
  }
}

function baseUrlOf(config: TAiProvidersConfig, id: TAiProviderId): string | null {
  switch (id) {
    case 'comfyui':
      return config.comfyui?.url ?? null;
    case 'openaiImages':
      return config.openaiImages?.baseUrl ?? null;
    case 'chat':
      return config.chat?.baseUrl ?? null;
    case 'stability':
      return config.stability?.baseUrl ?? null;
    case 'tripo':
      return config.tripo?.baseUrl ?? null;
    case 'meshy':
      return config.meshy?.baseUrl ?? null;
  }
}

/** Which providers are configured, and where they live (no network, no keys). */
export function providerStatuses(config: TAiProvidersConfig): TAiProviderStatus[] {
  return AI_PROVIDER_IDS.map((id) => ({
    id,
    configured: probeOf(config, id) !== null,
    baseUrl: baseUrlOf(config, id),
    settings: SETTINGS[id],
  }));
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
  const probe = probeOf(config, id);
  if (!probe) return { id, result: 'notConfigured', httpStatus: null, ms: null };
  const now = options.now ?? (() => performance.now());
  const started = now();
  try {
    const response = await fetch(probe.url, {
      headers: probe.apiKey ? { authorization: `Bearer ${probe.apiKey}` } : {},
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
