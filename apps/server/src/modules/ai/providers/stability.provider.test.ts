import { afterEach, describe, expect, it } from 'vitest';
import type { TAiEngine } from '../ai-engine';
import { createStabilityEngines } from './stability.provider';
import {
  firstCall,
  startFakeProvider,
  type TFakeProvider,
  type TFakeReply,
  type TFakeRequest,
} from './test-support/fake-provider-server';
import { pngBytes, testContext, testRuntime } from './test-support/provider-fixtures';

let fake: TFakeProvider | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** Stability's documented error body: an id, a name and a list of errors. */
const stabilityError = (status: number, name: string, error: string): TFakeReply => ({
  status,
  json: { id: 'a1b2c3', name, errors: [error] },
});

async function stability(
  handler: (request: TFakeRequest) => TFakeReply | Promise<TFakeReply>,
  model = 'core',
  runtime = testRuntime(),
) {
  fake = await startFakeProvider(handler);
  const engines = createStabilityEngines({ baseUrl: fake.url, apiKey: 'sk-stab', model }, runtime);
  const byKind = (kind: string) => engines.find((engine) => engine.kind === kind) as TAiEngine;
  return {
    kinds: engines.map((engine) => engine.kind),
    textToImage: byKind('text_to_image'),
    imageToImage: byKind('image_to_image'),
    removeBackground: byKind('remove_background'),
  };
}

const picture = async (): Promise<TFakeReply> => ({
  headers: { 'content-type': 'image/png', 'finish-reason': 'SUCCESS', seed: '343940597' },
  body: await pngBytes('#80c040'),
});

describe('Stability AI', () => {
  it('generates with a multipart form, accept image/*, a style preset and the aspect ratio', async () => {
    const { kinds, textToImage } = await stability(picture);
    const result = await textToImage.run(
      {
        prompt: 'a lighthouse',
        style: 'Line art',
        ratio: '4:3',
        negativePrompt: 'fog',
        seed: 7,
        count: 2,
      },
      testContext(),
    );

    expect(kinds).toEqual(['text_to_image', 'remove_background']);
    expect(result.files.map((file) => file.mime)).toEqual(['image/png', 'image/png']);
    const calls = fake?.calls('/v2beta/stable-image/generate/core') ?? [];
    expect(calls).toHaveLength(2);
    expect(calls[0]?.headers.accept).toBe('image/*');
    expect(calls[0]?.headers.authorization).toBe('Bearer sk-stab');
    const form = await firstCall(fake, '/v2beta/stable-image/generate/core').form();
    expect(Object.fromEntries(form.entries())).toEqual({
      prompt: 'a lighthouse',
      style_preset: 'line-art',
      negative_prompt: 'fog',
      seed: '7',
      output_format: 'png',
      aspect_ratio: '5:4',
    });
    expect((await calls[1]?.form())?.get('seed')).toBe('8');
  });

  it('runs SD3 image-to-image with the source, strength and model field', async () => {
    const source = await pngBytes('#000000', 10);
    const { imageToImage } = await stability(picture, 'sd3.5-large');
    await imageToImage.run(
      { prompt: 'in snow', imageUrl: '/files/s.png', strength: 0.3 },
      testContext({ '/files/s.png': source }),
    );
    const form = await firstCall(fake, '/v2beta/stable-image/generate/sd3').form();
    expect(form.get('mode')).toBe('image-to-image');
    expect(form.get('model')).toBe('sd3.5-large');
    expect(form.get('strength')).toBe('0.3');
    expect(form.get('aspect_ratio')).toBeNull();
    expect(Buffer.from(await (form.get('image') as File).arrayBuffer()).equals(source)).toBe(true);
  });

  it('removes a background through edit/remove-background', async () => {
    const { removeBackground } = await stability(picture);
    const result = await removeBackground.run(
      { imageUrl: '/files/s.png' },
      testContext({ '/files/s.png': await pngBytes() }),
    );
    expect(result.files[0]?.filename).toBe('cutout.png');
    expect(fake?.calls('/v2beta/stable-image/edit/remove-background')).toHaveLength(1);
  });

  it('ends as a timeout when generation is slow', async () => {
    const { textToImage } = await stability(
      async () => ({ ...(await picture()), delayMs: 3_000 }),
      'core',
      testRuntime({ timeoutMs: 100 }),
    );
    await expect(textToImage.run({ prompt: 'x' }, testContext())).rejects.toMatchObject({
      reason: 'timeout',
    });
    expect(fake?.requests).toHaveLength(1);
  });

  it('retries after a 429 and then returns the picture', async () => {
    let calls = 0;
    const { textToImage } = await stability(async () =>
      ++calls === 1
        ? {
            ...stabilityError(
              429,
              'rate_limit_exceeded',
              'You have exceeded the rate limit of 150 requests within a 10 second period',
            ),
            headers: { 'retry-after': '0' },
          }
        : picture(),
    );
    expect((await textToImage.run({ prompt: 'x' }, testContext())).files).toHaveLength(1);
    expect(fake?.requests).toHaveLength(2);
  });

  it('ends failed after bounded retries of a persistent 500', async () => {
    const { textToImage } = await stability(() =>
      stabilityError(
        500,
        'internal_error',
        'An unexpected server error has occurred, please try again later.',
      ),
    );
    await expect(textToImage.run({ prompt: 'x' }, testContext())).rejects.toMatchObject({
      reason: 'failed',
    });
    expect(fake?.requests).toHaveLength(3);
  });

  it('ends failed when the answer is not a picture', async () => {
    const { textToImage } = await stability(() => ({
      headers: { 'content-type': 'image/png' },
      body: '{"oops":true}',
    }));
    await expect(textToImage.run({ prompt: 'x' }, testContext())).rejects.toThrow(
      /not a PNG, JPEG or WebP/,
    );
  });

  it('turns content moderation (403 or a filtered picture) into the sensitive-words message', async () => {
    const refused = await stability(() =>
      stabilityError(
        403,
        'content_moderation',
        'Your request was flagged by our content moderation system.',
      ),
    );
    await expect(refused.textToImage.run({ prompt: 'x' }, testContext())).rejects.toMatchObject({
      reason: 'sensitiveWords',
    });
    await fake?.close();
    const filtered = await stability(async () => ({
      ...(await picture()),
      headers: { 'content-type': 'image/png', 'finish-reason': 'CONTENT_FILTERED' },
    }));
    await expect(filtered.textToImage.run({ prompt: 'x' }, testContext())).rejects.toMatchObject({
      reason: 'sensitiveWords',
    });
  });

  it('turns a 400 into the parameter error with Stability’s words', async () => {
    const { textToImage } = await stability(() =>
      stabilityError(400, 'bad_request', 'prompt: cannot be more than 10000 characters'),
    );
    const error = await textToImage.run({ prompt: 'x' }, testContext()).catch((caught) => caught);
    expect(error).toMatchObject({ reason: 'badParameters' });
    expect(error.message).toContain('cannot be more than 10000 characters');
  });
});
