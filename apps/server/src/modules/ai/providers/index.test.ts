import { afterEach, describe, expect, it } from 'vitest';
import { type ConfigError, loadConfig } from '../../../config';
import { createProviderEngines } from './index';
import { startFakeProvider, type TFakeProvider } from './test-support/fake-provider-server';
import { pngBytes, testContext } from './test-support/provider-fixtures';

let fake: TFakeProvider | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const engineList = (env: Record<string, string>) =>
  createProviderEngines(loadConfig(env, '/srv/layerline').aiProviders).map(
    (engine) => `${engine.kind} ${engine.name}`,
  );

describe('provider engines from the environment', () => {
  it('offers nothing when no provider is configured', () => {
    expect(engineList({})).toEqual([]);
    expect(loadConfig({}).aiProviders).toEqual({ timeoutMs: 120_000, taskTimeoutMs: 600_000 });
  });

  it('builds the engines of every configured provider, self-hosted first', () => {
    expect(
      engineList({
        AI_OPENAI_API_KEY: 'sk-1',
        AI_CHAT_BASE_URL: 'http://127.0.0.1:11434/v1',
        AI_CHAT_MODEL: 'qwen2.5:7b',
        AI_COMFYUI_URL: 'http://127.0.0.1:8188',
        AI_COMFYUI_WORKFLOW: 'comfy/text.json',
        AI_STABILITY_API_KEY: 'sk-2',
        AI_STABILITY_MODEL: 'sd3.5-large',
        AI_TRIPO_API_KEY: 'tsk_3',
        AI_MESHY_API_KEY: 'msy_4',
      }),
    ).toEqual([
      'text_to_image comfyui',
      'text_to_image openai:gpt-image-1',
      'image_to_image openai:gpt-image-1',
      'text_to_image stability:sd3.5-large',
      'remove_background stability:remove-background',
      'image_to_image stability:sd3.5-large',
      'prompt_optimize chat:qwen2.5:7b',
      'image_to_3d tripo3d',
      'image_to_3d meshy',
    ]);
    expect(
      loadConfig({ AI_COMFYUI_URL: 'http://h:8188', AI_COMFYUI_WORKFLOW: 'w.json' }, '/srv')
        .aiProviders.comfyui?.workflow,
    ).toBe('/srv/w.json');
  });

  it('names the variable to fix when a provider is half set up', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ AI_COMFYUI_URL: 'http://h:8188' })).toEqual([
      expect.stringMatching(/^AI_COMFYUI_WORKFLOW: is required/),
    ]);
    expect(problems({ AI_TRIPO_BASE_URL: 'http://h' })).toEqual([
      'AI_TRIPO_API_KEY: is required when AI_TRIPO_BASE_URL is set',
    ]);
    expect(problems({ AI_STABILITY_API_KEY: 'k', AI_STABILITY_MODEL: 'dall-e' })).toEqual([
      'AI_STABILITY_MODEL: must be core, ultra or an sd3 model',
    ]);
    expect(problems({ AI_PROVIDER_TIMEOUT_MS: '5' })[0]).toMatch(/^AI_PROVIDER_TIMEOUT_MS/);
  });

  it('runs a configured engine against the base URL and key from the environment', async () => {
    const png = await pngBytes();
    fake = await startFakeProvider(() => ({
      json: { data: [{ b64_json: png.toString('base64') }] },
    }));
    const [engine] = createProviderEngines(
      loadConfig({
        AI_OPENAI_BASE_URL: `${fake.url}/v1`,
        AI_OPENAI_API_KEY: 'sk-env',
        AI_OPENAI_IMAGE_MODEL: 'dall-e-3',
      }).aiProviders,
    );
    const result = await engine?.run({ prompt: 'a fox' }, testContext());
    expect(result?.files[0]?.data.equals(png)).toBe(true);
    expect(fake.requests[0]?.path).toBe('/v1/images/generations');
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer sk-env');
  });
});
