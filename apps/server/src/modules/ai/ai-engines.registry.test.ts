import { describe, expect, it } from 'vitest';
import type { TAiEngine } from './ai-engine';
import { createAiEngineRegistry, DEFAULT_AI_COSTS } from './ai-engines.registry';
import { createLocalEngines } from './engines/local-engines';

const fake = (kind: TAiEngine['kind'], name: string): TAiEngine => ({
  kind,
  name,
  run: async () => ({ files: [] }),
});

const local = createLocalEngines();

describe('AI engine registry (DESIGN 5)', () => {
  it('without providers, text-to-image and image-to-3D are unavailable and name their settings', () => {
    const registry = createAiEngineRegistry({ local, providers: [] });
    expect(registry.engineFor('text_to_image')).toBeNull();
    const features = registry.features();
    const t2i = features.find((f) => f.kind === 'text_to_image');
    expect(t2i).toMatchObject({ available: false, engine: null, cost: 5 });
    expect(t2i?.setting).toContain('AI_OPENAI_API_KEY');
    expect(features.find((f) => f.kind === 'image_to_3d')?.setting).toContain('AI_TRIPO_API_KEY');
    const vectorize = features.find((f) => f.kind === 'vectorize');
    expect(vectorize).toMatchObject({ available: true, setting: null });
    expect(vectorize?.engine).toMatch(/^local:/);
  });

  it('prefers a configured provider for free-form generation and keeps local engines for laser/3D preparation', () => {
    const chat = fake('prompt_optimize', 'chat:test');
    const bg = fake('remove_background', 'stability:bg');
    const relief = fake('relief_3d', 'remote:relief');
    const registry = createAiEngineRegistry({ local, providers: [chat, bg, relief] });
    expect(registry.engineFor('prompt_optimize')).toBe(chat);
    expect(registry.engineFor('remove_background')).toBe(bg);
    expect(registry.engineFor('relief_3d')?.name).not.toBe('remote:relief');
    expect(registry.engineNamed('remote:relief')).toBe(relief);
  });

  it('image-to-image runs its local styles without a provider, and a provider only for the others', () => {
    const alone = createAiEngineRegistry({ local, providers: [] });
    expect(alone.features().find((f) => f.kind === 'image_to_image')).toMatchObject({
      available: true,
      engine: 'local:image-styles',
      setting: null,
      localStyles: ['line_drawing', 'hatching', 'stipple', 'posterize'],
      generative: false,
    });
    expect(alone.engineFor('image_to_image', { style: 'stipple' })?.name).toBe(
      'local:image-styles',
    );
    expect(alone.engineFor('image_to_image', { style: 'watercolor' })).toBeNull();
    // Text-to-image and image-to-3D stay provider-only.
    expect(alone.engineFor('text_to_image')).toBeNull();
    expect(alone.engineFor('image_to_3d')).toBeNull();

    const provider = fake('image_to_image', 'openai:gpt-image-1');
    const both = createAiEngineRegistry({ local, providers: [provider] });
    expect(both.features().find((f) => f.kind === 'image_to_image')).toMatchObject({
      engine: 'openai:gpt-image-1',
      generative: true,
    });
    expect(both.engineFor('image_to_image', { style: 'hatching' })?.name).toBe(
      'local:image-styles',
    );
    expect(both.engineFor('image_to_image', { style: 'watercolor' })).toBe(provider);
    expect(both.engineFor('image_to_image', {})).toBe(provider);
  });

  it('falls back to the local engine when no provider serves the kind', () => {
    const registry = createAiEngineRegistry({ local, providers: [] });
    expect(registry.engineFor('prompt_optimize')?.name).toMatch(/^local:/);
  });

  it('takes configured costs over the defaults (AI_COST_<KIND>, config.ts)', () => {
    const registry = createAiEngineRegistry({ local, providers: [], costs: { text_to_image: 8 } });
    expect(registry.cost('text_to_image')).toBe(8);
    expect(registry.cost('vectorize')).toBe(DEFAULT_AI_COSTS.vectorize);
  });
});
