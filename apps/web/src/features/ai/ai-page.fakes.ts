import type { TAiFeature, TAiJob, TPointsSummary, TPointsTaskState } from '@layerline/contract';
import { screen } from '@testing-library/react';
import { FAST_USER, LOAD_TIMEOUT_MS, serveUserInfo } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderApp } from '../../test/render-app';
import { useAiCreateStore } from './ai-create.store';

/** The features a default install answers, plus one provider feature that is off. */
export const PAGE_FEATURES: TAiFeature[] = [
  { kind: 'text_to_logo', cost: 1, available: true, engine: 'local:opentype-logo', setting: null },
  {
    kind: 'prompt_optimize',
    cost: 0,
    available: true,
    engine: 'local:prompt-rules',
    setting: null,
  },
  { kind: 'remove_background', cost: 2, available: true, engine: 'local:isnet', setting: null },
  { kind: 'relief_3d', cost: 5, available: true, engine: 'local:mesh', setting: null },
  { kind: 'laser_image', cost: 1, available: true, engine: 'local:laser', setting: null },
  {
    kind: 'text_to_image',
    cost: 5,
    available: false,
    engine: null,
    setting:
      'AI_COMFYUI_URL + AI_COMFYUI_WORKFLOW, AI_OPENAI_BASE_URL + AI_OPENAI_API_KEY or AI_STABILITY_API_KEY',
  },
];

export function pointsSummary(balance: number): TPointsSummary {
  return {
    balance,
    dailyAllowance: 20,
    allowanceGrantedToday: true,
    allowanceGrantedAmount: 0,
    nextRefreshAt: '2026-11-25T16:00:00.000Z',
    timeZone: 'Asia/Shanghai',
    cashConvertible: false,
    note: 'Points are not convertible to cash.',
  };
}

/**
 * The AI page's API as the server answers it; records may depend on the
 * request's language; an upload answers /files/src.png.
 */
export function serveAiPage(
  options: {
    balance?: number;
    records?: (locale: string) => TAiJob[];
    tasks?: TPointsTaskState[];
  } = {},
) {
  const network = fakeNetwork();
  serveUserInfo();
  network.on('GET', '/api/v1/ai/features', () => envelopeReply(PAGE_FEATURES));
  network.on('GET', '/api/v1/points', () => envelopeReply(pointsSummary(options.balance ?? 20)));
  network.on('GET', '/api/v1/points/tasks', () => envelopeReply(options.tasks ?? []));
  network.on('GET', '/api/v1/ai/jobs', (request) => {
    const records = options.records?.(request.headers.get('Content-Language') ?? 'en') ?? [];
    return envelopeReply(records, 200, 'success', { total: records.length });
  });
  network.on('POST', '/api/v1/resource/upload', () =>
    envelopeReply({ url: '/files/src.png', filename: 'photo.png', size: 10, mime: 'image/png' }),
  );
  return network;
}

export async function openAiPage(path: string) {
  useAiCreateStore.getState().reset();
  const view = renderApp(path, FAST_USER);
  await screen.findByRole('heading', { level: 1 }, { timeout: LOAD_TIMEOUT_MS });
  return view;
}
