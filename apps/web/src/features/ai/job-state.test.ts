import type { TAiJob } from '@layerline/contract';
import { describe, expect, it } from 'vitest';
import { createJob } from './ai.fakes';
import {
  closeDecision,
  displayPercent,
  displayStage,
  estimatePercent,
  fileNameOf,
  isSameFile,
  jobParams,
  previewMesh,
  resultFiles,
  shownStageIndex,
  stagesOf,
  startBlock,
  typicalMs,
} from './job-state';
import { findTool, initialOptions, TOOLS_BY_MACHINE } from './tools';

const relief = findTool('printer3d', 'relief');
const logo = findTool('laser', 'textToLogo');
const base = {
  isLogin: true,
  available: true,
  hasImage: true,
  isUploading: false,
  text: '',
  isRunning: false,
  cost: 3,
  balance: 20,
};

describe('SPEC 4 progress stages', () => {
  it('shows the first stage while queued, the server stage while running, completed at the end', () => {
    expect(displayStage({ state: 'queued', stage: null })).toBe('initialising');
    expect(displayStage({ state: 'running', stage: 'generating_mesh' })).toBe('generating_mesh');
    expect(displayStage({ state: 'succeeded', stage: 'saving' })).toBe('completed');
  });

  it('never moves the bar back and fills it only on success', () => {
    expect(displayPercent({ state: 'running', percent: 40 }, 55)).toBe(55);
    expect(displayPercent({ state: 'running', percent: 100 }, 0)).toBe(99);
    expect(displayPercent({ state: 'succeeded', percent: 80 }, 0)).toBe(100);
  });
});

describe('the bar between a provider’s reports (never still for more than 2 s)', () => {
  const picture = createJob({ kind: 'text_to_image', engine: 'comfyui', percent: 10 });

  it('moves every 2 s toward the next boundary while a provider’s picture sits at 10 %', () => {
    const usual = typicalMs(picture);
    let previous = 10;
    // 40 s of generating with no report from the provider.
    for (let elapsed = 2000; elapsed <= 40_000; elapsed += 2000) {
      const shown = Math.floor(
        estimatePercent({ from: 10, serverPercent: 10, elapsedMs: elapsed, typicalMs: usual }),
      );
      expect(shown).toBeGreaterThan(previous);
      previous = shown;
    }
    expect(previous).toBeLessThan(90);
  });

  it('stops one short of the boundary the server crosses, and never reaches 100', () => {
    const forever = { elapsedMs: 10 ** 9, typicalMs: 8000 };
    expect(estimatePercent({ from: 10, serverPercent: 10, ...forever })).toBe(89);
    expect(estimatePercent({ from: 20, serverPercent: 20, ...forever })).toBe(89);
    expect(estimatePercent({ from: 90, serverPercent: 90, ...forever })).toBe(96);
    expect(estimatePercent({ from: 97, serverPercent: 97, ...forever })).toBe(98);
    expect(estimatePercent({ from: 98, serverPercent: 97, ...forever })).toBe(98);
  });

  it('takes tens of seconds for a provider’s picture and minutes for its 3D model (SPEC 4)', () => {
    expect(typicalMs(picture)).toBeGreaterThanOrEqual(10_000);
    expect(typicalMs(createJob({ kind: 'image_to_3d', engine: 'tripo3d' }))).toBeGreaterThanOrEqual(
      60_000,
    );
  });
});

describe('the stages each engine goes through (SPEC 4: stages match the engine)', () => {
  it('shows no texture stage for a local mesh engine, and one for a textured 3D model', () => {
    const local = stagesOf(createJob({ kind: 'relief_3d', engine: 'local:mesh' }));
    expect(local).not.toContain('processing_texture');
    expect(local).toEqual(['loading_components', 'generating_mesh', 'saving', 'completed']);
    const textured = stagesOf(
      createJob({ kind: 'image_to_3d', engine: 'tripo3d', params: { texture: true } }),
    );
    expect(textured).toContain('processing_texture');
    const plain = stagesOf(
      createJob({ kind: 'image_to_3d', engine: 'meshy', params: { texture: false } }),
    );
    expect(plain).not.toContain('processing_texture');
  });

  it('shows a stage the list leaves out as the one before it', () => {
    const job = createJob({ kind: 'text_to_image', engine: 'openai', stage: 'processing_texture' });
    const stages = stagesOf(job);
    expect(stages[shownStageIndex(job, stages)]).toBe('generating_mesh');
    expect(shownStageIndex({ state: 'succeeded', stage: 'saving' }, stages)).toBe(
      stages.length - 1,
    );
  });
});

describe('what stops the start button (SPEC 5, SPEC 8)', () => {
  it('needs the picture for 3D and a prompt or logo text', () => {
    expect(startBlock({ ...base, tool: relief, hasImage: false })).toBe('missingImage');
    expect(startBlock({ ...base, tool: logo, text: '   ' })).toBe('missingText');
    expect(startBlock({ ...base, tool: logo, text: 'Maple' })).toBeNull();
  });

  it('asks a visitor to log in only once the input is complete', () => {
    expect(startBlock({ ...base, tool: relief, isLogin: false })).toBe('login');
    expect(startBlock({ ...base, tool: relief, isLogin: false, hasImage: false })).toBe(
      'missingImage',
    );
  });

  it('refuses before a job exists when the balance is below the cost', () => {
    expect(startBlock({ ...base, tool: relief, balance: 2 })).toBe('insufficientPoints');
    expect(startBlock({ ...base, tool: relief, balance: 3 })).toBeNull();
  });

  it('waits for an upload and for the running job, and says when a feature is off', () => {
    expect(startBlock({ ...base, tool: relief, isUploading: true, hasImage: true })).toBe(
      'uploading',
    );
    expect(startBlock({ ...base, tool: relief, isRunning: true })).toBe('busy');
    expect(startBlock({ ...base, tool: relief, available: false })).toBe('unavailable');
  });
});

describe('image editing modal and cancel rules (SPEC 4)', () => {
  it('blocks closing while processing and asks before discarding a result', () => {
    expect(closeDecision('running')).toBe('blocked');
    expect(closeDecision('done')).toBe('confirmDiscard');
    expect(closeDecision('idle')).toBe('close');
    expect(closeDecision('failed')).toBe('close');
  });
});

describe('job params and results', () => {
  it('sends the options shown, the fixed ones of the tab and the input', () => {
    const uv = findTool('uvPrinter', 'uvImage');
    const params = jobParams({
      tool: uv,
      options: { ...initialOptions(uv), target: 'laser', colors: 4 },
      imageUrl: '/files/a.png',
      text: '',
      style: 'none',
      ratio: '1:1',
      count: 1,
    });
    expect(params).toMatchObject({ target: 'uv', colors: 4, dpi: 300, imageUrl: '/files/a.png' });
    expect(params).not.toHaveProperty('prompt');
  });

  it('keeps style, ratio and count for generators and the logo text as text', () => {
    const tti = findTool('laser', 'textToImage');
    expect(
      jobParams({
        tool: tti,
        options: {},
        imageUrl: null,
        text: ' fox ',
        style: 'woodcut',
        ratio: '3:2',
        count: 2,
      }),
    ).toEqual({ prompt: 'fox', style: 'woodcut', ratio: '3:2', count: 2 });
    expect(
      jobParams({
        tool: logo,
        options: { widthMm: 60 },
        imageUrl: null,
        text: '枫木',
        style: 'none',
        ratio: '1:1',
        count: 1,
      }),
    ).toEqual({ widthMm: 60, text: '枫木' });
  });

  it('classifies result files and previews the STL of a mesh (millimetres)', () => {
    const files = resultFiles({
      resultFiles: ['/files/a.stl', '/files/b.3mf', '/files/c.glb', '/files/d.svg', '/files/e.png'],
    } as Pick<TAiJob, 'resultFiles'>);
    expect(files.map((file) => file.kind)).toEqual(['mesh', 'mesh', 'mesh', 'svg', 'image']);
    expect(previewMesh(files)?.extension).toBe('stl');
  });

  it('offers every kind of the SPEC 1 creation features in some tab', () => {
    const kinds = new Set(
      Object.values(TOOLS_BY_MACHINE).flatMap((tools) => tools.map((t) => t.kind)),
    );
    for (const kind of [
      'text_to_image',
      'image_to_image',
      'text_to_logo',
      'remove_background',
      'vectorize',
      'image_to_3d',
    ] as const) {
      expect(kinds.has(kind)).toBe(true);
    }
  });
});

describe('signed addresses of AI files (ADR 0051)', () => {
  const key = 'private/ab/ab12.png';
  const early = `/files/${key}?expires=1800000000&sig=first`;
  const later = `/files/${key}?expires=1800000600&sig=second`;
  const presigned = `https://bucket.example/${key}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=ab`;

  it('tells the same file under another signature, and another file', () => {
    expect(isSameFile(early, later)).toBe(true);
    expect(isSameFile(early, `/files/${key}`)).toBe(true);
    expect(isSameFile(early, '/files/private/cd/cd34.png?expires=1&sig=x')).toBe(false);
    expect(isSameFile(early, null)).toBe(false);
  });

  it('names a file and reads its type without the signature', () => {
    expect(fileNameOf(later)).toBe('ab12.png');
    expect(fileNameOf(presigned)).toBe('ab12.png');
    expect(resultFiles({ resultFiles: [presigned] })).toEqual([
      { url: presigned, extension: 'png', kind: 'image' },
    ]);
  });
});
