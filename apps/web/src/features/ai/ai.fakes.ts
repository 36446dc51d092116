import type { TAiJob } from '@layerline/contract';

/** A job as GET /ai/jobs/{id} and its event stream send it (contract ZAiJob). */
export function createJob(overrides: Partial<TAiJob> = {}): TAiJob {
  return {
    id: 7,
    kind: 'relief_3d',
    state: 'running',
    params: { imageUrl: '/files/a.png' },
    engine: 'local:mesh',
    stage: 'loading_components',
    percent: 10,
    cost: 3,
    resultFiles: [],
    resultText: null,
    errorReason: null,
    errorMessage: null,
    prompt: null,
    style: null,
    ratio: null,
    count: 1,
    format: null,
    size: '100 × 80 mm',
    createdAt: '2026-11-24T08:00:00.000Z',
    startedAt: '2026-11-24T08:00:01.000Z',
    finishedAt: null,
    ...overrides,
  };
}
