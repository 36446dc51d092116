import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TAiEngine } from '../ai-engine';
import { createComfyUiEngines } from './comfyui.provider';
import {
  firstCall,
  startFakeProvider,
  type TFakeProvider,
  type TFakeReply,
  type TFakeRequest,
} from './test-support/fake-provider-server';
import { pngBytes, testContext, testRuntime } from './test-support/provider-fixtures';

/** A text-to-image graph as ComfyUI's "Save (API Format)" writes it, with our placeholders. */
const TEXT_WORKFLOW = {
  '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sdxl.safetensors' } },
  '5': {
    class_type: 'EmptyLatentImage',
    inputs: { width: '{{width}}', height: '{{height}}', batch_size: '{{count}}' },
  },
  '6': {
    class_type: 'CLIPTextEncode',
    inputs: { text: '{{prompt}}, high detail', clip: ['4', 1] },
  },
  '7': { class_type: 'CLIPTextEncode', inputs: { text: '{{negative_prompt}}', clip: ['4', 1] } },
  '3': {
    class_type: 'KSampler',
    inputs: { seed: '{{seed}}', steps: 20, model: ['4', 0], positive: ['6', 0] },
  },
  '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'layerline', images: ['8', 0] } },
};
const IMAGE_WORKFLOW = {
  ...TEXT_WORKFLOW,
  '10': { class_type: 'LoadImage', inputs: { image: '{{image}}' } },
  '3': { class_type: 'KSampler', inputs: { seed: '{{seed}}', denoise: '{{strength}}' } },
};

let dir = '';
let fake: TFakeProvider | undefined;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'comfy-'));
  await writeFile(path.join(dir, 'text.json'), JSON.stringify(TEXT_WORKFLOW));
  await writeFile(path.join(dir, 'image.json'), JSON.stringify(IMAGE_WORKFLOW));
  await writeFile(path.join(dir, 'ui.json'), JSON.stringify({ nodes: [], links: [] }));
  await writeFile(
    path.join(dir, 'no-prompt.json'),
    JSON.stringify({ '1': { class_type: 'X', inputs: {} } }),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

type TOverrides = Partial<
  Record<'prompt' | 'history' | 'view', (request: TFakeRequest) => TFakeReply | undefined>
>;

/** ComfyUI's /upload/image, /prompt, /history/{id} and /view, finishing after two polls. */
async function comfy(overrides: TOverrides = {}, workflow = 'text.json', runtime = testRuntime()) {
  const png = await pngBytes('#123456');
  let polls = 0;
  fake = await startFakeProvider((request) => {
    if (request.path === '/upload/image')
      return { json: { name: 'up.png', subfolder: 'layerline', type: 'input' } };
    if (request.path === '/prompt') {
      return (
        overrides.prompt?.(request) ?? { json: { prompt_id: 'p-1', number: 3, node_errors: {} } }
      );
    }
    if (request.path.startsWith('/history/')) {
      const custom = overrides.history?.(request);
      if (custom) return custom;
      if (++polls < 3) return { json: {} };
      return {
        json: {
          'p-1': {
            prompt: [3, 'p-1', {}, {}, ['9']],
            outputs: {
              '12': { images: [{ filename: 'preview.png', subfolder: '', type: 'temp' }] },
              '9': {
                images: [{ filename: 'layerline_00001_.png', subfolder: 'out', type: 'output' }],
              },
            },
            status: { status_str: 'success', completed: true, messages: [] },
          },
        },
      };
    }
    if (request.path === '/view')
      return overrides.view?.(request) ?? { headers: { 'content-type': 'image/png' }, body: png };
    return { json: {} };
  });
  const engines = createComfyUiEngines(
    {
      url: fake.url,
      workflow: path.join(dir, workflow),
      imageWorkflow: path.join(dir, 'image.json'),
    },
    runtime,
  );
  const byKind = (kind: string) => engines.find((engine) => engine.kind === kind) as TAiEngine;
  return { png, textToImage: byKind('text_to_image'), imageToImage: byKind('image_to_image') };
}

describe('ComfyUI', () => {
  it('fills the workflow, queues it, polls the history and fetches the saved image', async () => {
    const { png, textToImage } = await comfy();
    const ctx = testContext();
    const result = await textToImage.run(
      { prompt: 'a fox', ratio: '16:9', seed: 42, negativePrompt: 'blur' },
      ctx,
    );

    expect(result.files).toHaveLength(1);
    expect(result.files[0]?.data.equals(png)).toBe(true);
    const { prompt, client_id } = firstCall(fake, '/prompt').json() as {
      prompt: typeof TEXT_WORKFLOW;
      client_id: string;
    };
    expect(client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(prompt['3'].inputs.seed).toBe(42);
    expect(prompt['5'].inputs).toEqual({ width: 1344, height: 768, batch_size: 1 });
    expect(prompt['6'].inputs.text).toBe('a fox, high detail');
    expect(prompt['7'].inputs.text).toBe('blur');
    expect(fake?.calls('/history/p-1')).toHaveLength(3);
    const view = fake?.calls('/view');
    expect(view).toHaveLength(1);
    expect(Object.fromEntries(view?.[0]?.query ?? [])).toEqual({
      filename: 'layerline_00001_.png',
      subfolder: 'out',
      type: 'output',
    });
    expect(ctx.stages.at(-1)).toEqual({ stage: 'almost_done', percent: 97 });
  });

  it('uploads the source for image-to-image and puts its name in the workflow', async () => {
    const source = await pngBytes('#ffffff', 12);
    const { imageToImage } = await comfy();
    await imageToImage.run(
      { prompt: 'as a sketch', imageUrl: '/files/a.png', strength: 0.4 },
      testContext({ '/files/a.png': source }),
    );
    const form = await firstCall(fake, '/upload/image').form();
    expect(Buffer.from(await (form.get('image') as File).arrayBuffer()).equals(source)).toBe(true);
    expect(form.get('overwrite')).toBe('true');
    const { prompt } = firstCall(fake, '/prompt').json() as { prompt: typeof IMAGE_WORKFLOW };
    expect(prompt['10'].inputs.image).toBe('layerline/up.png');
    expect(prompt['3'].inputs).toMatchObject({ denoise: 0.4 });
  });

  it('ends as a timeout when ComfyUI does not answer in time', async () => {
    const { textToImage } = await comfy(
      { prompt: () => ({ json: { prompt_id: 'p-1' }, delayMs: 3_000 }) },
      'text.json',
      testRuntime({ timeoutMs: 100 }),
    );
    await expect(textToImage.run({ prompt: 'a fox' }, testContext())).rejects.toMatchObject({
      reason: 'timeout',
    });
    expect(fake?.calls('/prompt')).toHaveLength(1);
  });

  it('retries a 429 from a proxy in front of ComfyUI while polling', async () => {
    let limited = false;
    const { textToImage } = await comfy({
      history: () => {
        if (limited) return undefined;
        limited = true;
        return { status: 429, headers: { 'retry-after': '0' }, body: 'Too Many Requests' };
      },
    });
    expect((await textToImage.run({ prompt: 'a fox' }, testContext())).files).toHaveLength(1);
  });

  it('ends failed after bounded retries of a persistent 500', async () => {
    const { textToImage } = await comfy({
      prompt: () => ({ status: 500, body: '500 Internal Server Error' }),
    });
    await expect(textToImage.run({ prompt: 'a fox' }, testContext())).rejects.toMatchObject({
      reason: 'failed',
    });
    expect(fake?.calls('/prompt')).toHaveLength(3);
  });

  it('ends failed with clear messages on malformed answers', async () => {
    const first = await comfy({ history: () => ({ body: '<html>proxy error</html>' }) });
    await expect(first.textToImage.run({ prompt: 'a fox' }, testContext())).rejects.toThrow(
      /not JSON/,
    );
    await fake?.close();
    const second = await comfy({ view: () => ({ body: 'not an image' }) });
    await expect(second.textToImage.run({ prompt: 'a fox' }, testContext())).rejects.toThrow(
      /not a PNG/,
    );
  });

  it('reports a refused workflow as a set-up failure and a node error with its message', async () => {
    const refused = await comfy({
      prompt: () => ({
        status: 400,
        json: {
          error: {
            type: 'prompt_outputs_failed_validation',
            message: 'Prompt outputs failed validation',
            details: '',
            extra_info: {},
          },
          node_errors: { '4': { errors: [{ message: 'Value not in list: ckpt_name' }] } },
        },
      }),
    });
    await expect(refused.textToImage.run({ prompt: 'a fox' }, testContext())).rejects.toMatchObject(
      {
        reason: 'failed',
        message: expect.stringContaining('Prompt outputs failed validation'),
      },
    );
    await fake?.close();
    const crashed = await comfy({
      history: () => ({
        json: {
          'p-1': {
            outputs: {},
            status: {
              status_str: 'error',
              completed: false,
              messages: [
                ['execution_error', { node_id: '3', exception_message: 'CUDA out of memory' }],
              ],
            },
          },
        },
      }),
    });
    await expect(crashed.textToImage.run({ prompt: 'a fox' }, testContext())).rejects.toThrow(
      /CUDA out of memory/,
    );
  });

  it('refuses workflows that are not in API format or ignore the prompt', async () => {
    for (const [file, message] of [
      ['ui.json', /API format/],
      ['no-prompt.json', /no \{\{prompt\}\}/],
      ['missing.json', /cannot be read/],
    ] as const) {
      const { textToImage } = await comfy({}, file);
      await expect(textToImage.run({ prompt: 'a fox' }, testContext())).rejects.toThrow(message);
      await fake?.close();
    }
    fake = undefined;
  });

  it('stops polling when cancelled and asks ComfyUI to drop the prompt', async () => {
    const { textToImage } = await comfy({ history: () => ({ json: {} }) });
    const ctx = testContext();
    const running = textToImage.run({ prompt: 'a fox' }, ctx);
    await vi.waitFor(() => expect(fake?.calls('/history/').length).toBeGreaterThan(2));
    ctx.controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => {
      expect(fake?.calls('/queue')[0]?.json()).toEqual({ delete: ['p-1'] });
      expect(fake?.calls('/interrupt')).toHaveLength(1);
    });
    // A poll already on the wire may still land; after that, nothing new may start.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const polls = fake?.calls('/history/').length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake?.calls('/history/').length).toBe(polls);
  });

  it('ends as a timeout when the prompt never finishes', async () => {
    const runtime = { ...testRuntime(), taskTimeoutMs: 50 };
    const { textToImage } = await comfy({ history: () => ({ json: {} }) }, 'text.json', runtime);
    await expect(textToImage.run({ prompt: 'a fox' }, testContext())).rejects.toMatchObject({
      reason: 'timeout',
    });
  });
});
