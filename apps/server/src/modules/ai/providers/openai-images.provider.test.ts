import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { TAiEngine } from '../ai-engine';
import { createOpenAiImageEngines } from './openai-images.provider';
import {
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

/** OpenAI's documented error body. */
const openAiError = (
  status: number,
  message: string,
  code: string | null,
  type = 'invalid_request_error',
): TFakeReply => ({
  status,
  json: { error: { message, type, param: null, code } },
});

async function engines(
  handler: (request: TFakeRequest) => TFakeReply | Promise<TFakeReply>,
  model = 'gpt-image-1',
  runtime = testRuntime(),
): Promise<{ textToImage: TAiEngine; imageToImage: TAiEngine }> {
  fake = await startFakeProvider(handler);
  const [textToImage, imageToImage] = createOpenAiImageEngines(
    { baseUrl: `${fake.url}/v1`, apiKey: 'sk-test', model },
    runtime,
  );
  if (!textToImage || !imageToImage) throw new Error('engines missing');
  return { textToImage, imageToImage };
}

const answer = async (count = 1): Promise<TFakeReply> => ({
  json: {
    created: 1_700_000_000,
    data: await Promise.all(
      Array.from({ length: count }, async () => ({
        b64_json: (await pngBytes()).toString('base64'),
      })),
    ),
  },
});

describe('OpenAI-compatible images', () => {
  it('generates pictures from a prompt and checks they are real PNGs', async () => {
    const { textToImage } = await engines(() => answer(2));
    const ctx = testContext();
    const result = await textToImage.run(
      { prompt: 'a fox', ratio: '16:9', count: 2, style: 'line art' },
      ctx,
    );

    expect(textToImage.name).toBe('openai:gpt-image-1');
    expect(result.files).toHaveLength(2);
    expect(result.files[0]?.mime).toBe('image/png');
    expect((await sharp(result.files[0]?.data).metadata()).width).toBe(8);
    const request = fake?.calls('/v1/images/generations')[0];
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.json()).toEqual({
      model: 'gpt-image-1',
      prompt: 'a fox, line art style',
      n: 2,
      size: '1536x1024',
    });
    expect(ctx.stages.map((entry) => entry.stage)).toEqual([
      'initialising',
      'processing_texture',
      'saving',
      'almost_done',
    ]);
  });

  it('asks older models for base64 and downloads pictures answered as URLs without the key', async () => {
    const png = await pngBytes('#2060c0');
    const { textToImage } = await engines(
      (request) =>
        request.path === '/files/result.png'
          ? { headers: { 'content-type': 'image/png' }, body: png }
          : { json: { created: 1, data: [{ url: `${fake?.url}/files/result.png` }] } },
      'dall-e-3',
    );
    const result = await textToImage.run({ prompt: 'a fox', ratio: '9:16' }, testContext());

    expect(result.files[0]?.data.equals(png)).toBe(true);
    expect(fake?.calls('/v1/images/generations')[0]?.json()).toMatchObject({
      size: '1024x1792',
      response_format: 'b64_json',
    });
    expect(fake?.calls('/files/')[0]?.headers.authorization).toBeUndefined();
  });

  it('sends the source picture as multipart to /images/edits for image-to-image', async () => {
    const source = await pngBytes('#00ff00', 16);
    const { imageToImage } = await engines(() => answer());
    const ctx = testContext({ '/files/source.png': source });
    const result = await imageToImage.run(
      { prompt: 'as a woodcut', imageUrl: '/files/source.png' },
      ctx,
    );

    expect(result.files).toHaveLength(1);
    const form = await fake?.calls('/v1/images/edits')[0]?.form();
    const image = form?.get('image') as File;
    expect(Buffer.from(await image.arrayBuffer()).equals(source)).toBe(true);
    expect(image.type).toBe('image/png');
    expect(form?.get('prompt')).toBe('as a woodcut');
    expect(form?.get('model')).toBe('gpt-image-1');
  });

  it('ends with the parameter error when image-to-image has no source', async () => {
    const { imageToImage } = await engines(() => answer());
    await expect(imageToImage.run({ prompt: 'x' }, testContext())).rejects.toMatchObject({
      reason: 'badParameters',
    });
    expect(fake?.requests).toHaveLength(0);
  });

  it('ends as a timeout when the provider is slow, without sending the paid request twice', async () => {
    const { textToImage } = await engines(
      async () => ({ ...(await answer()), delayMs: 3_000 }),
      'gpt-image-1',
      testRuntime({ timeoutMs: 100 }),
    );
    await expect(textToImage.run({ prompt: 'a fox' }, testContext())).rejects.toMatchObject({
      reason: 'timeout',
    });
    expect(fake?.requests).toHaveLength(1);
  });

  it('waits as long as retry-after-ms asks after a 429, then succeeds', async () => {
    let calls = 0;
    const { textToImage } = await engines(async () =>
      ++calls === 1
        ? {
            ...openAiError(429, 'Rate limit reached', 'rate_limit_exceeded', 'requests'),
            headers: { 'retry-after-ms': '60' },
          }
        : answer(),
    );
    const result = await textToImage.run({ prompt: 'a fox' }, testContext());

    expect(result.files).toHaveLength(1);
    const [first, second] = fake?.requests ?? [];
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(55);
  });

  it('ends as too many requests when the 429s do not stop', async () => {
    const { textToImage } = await engines(() =>
      openAiError(429, 'Rate limit reached', 'rate_limit_exceeded'),
    );
    await expect(textToImage.run({ prompt: 'a fox' }, testContext())).rejects.toMatchObject({
      reason: 'tooManyRequests',
    });
    expect(fake?.requests).toHaveLength(3);
  });

  it('does not retry an exhausted quota, which no wait will fix', async () => {
    const { textToImage } = await engines(() =>
      openAiError(
        429,
        'You exceeded your current quota',
        'insufficient_quota',
        'insufficient_quota',
      ),
    );
    await expect(textToImage.run({ prompt: 'a fox' }, testContext())).rejects.toMatchObject({
      reason: 'failed',
    });
    expect(fake?.requests).toHaveLength(1);
  });

  it('ends failed after bounded retries of a persistent 500', async () => {
    const { textToImage } = await engines(() =>
      openAiError(500, 'The server had an error', null, 'server_error'),
    );
    const error = await textToImage
      .run({ prompt: 'a fox' }, testContext())
      .catch((caught) => caught);
    expect(error).toMatchObject({ reason: 'failed' });
    expect(error.message).toContain('500: The server had an error');
    expect(fake?.requests).toHaveLength(3);
  });

  it('ends failed with a clear message when the answer is malformed', async () => {
    const { textToImage } = await engines(() => ({ json: { created: 1, data: [] } }));
    const error = await textToImage
      .run({ prompt: 'a fox' }, testContext())
      .catch((caught) => caught);
    expect(error).toMatchObject({ reason: 'failed' });
    expect(error.message).toMatch(/unexpected shape \(data:/);

    await fake?.close();
    const { textToImage: second } = await engines(() => ({
      json: { data: [{ b64_json: Buffer.from('<html>not a picture</html>').toString('base64') }] },
    }));
    await expect(second.run({ prompt: 'a fox' }, testContext())).rejects.toThrow(
      /not a PNG, JPEG or WebP/,
    );
  });

  it.each([
    ['content_policy_violation', 'Your request was rejected as a result of our safety system.'],
    ['moderation_blocked', 'Your request was rejected by the safety system.'],
  ])('turns the %s refusal into the sensitive-words message', async (code, message) => {
    const { textToImage } = await engines(() => openAiError(400, message, code));
    await expect(
      textToImage.run({ prompt: 'something refused' }, testContext()),
    ).rejects.toMatchObject({
      reason: 'sensitiveWords',
    });
    expect(fake?.requests).toHaveLength(1);
  });

  it('turns a 400 about the request into the parameter error', async () => {
    const { textToImage } = await engines(() =>
      openAiError(
        400,
        "Invalid value: '999x999'. Supported values are: '1024x1024'",
        'invalid_value',
      ),
    );
    const error = await textToImage
      .run({ prompt: 'a fox' }, testContext())
      .catch((caught) => caught);
    expect(error).toMatchObject({ reason: 'badParameters' });
    expect(error.message).toContain('Invalid value');
  });

  it('stops at once when the job is cancelled while waiting for the answer', async () => {
    const { textToImage } = await engines(async () => ({ ...(await answer()), delayMs: 3_000 }));
    const ctx = testContext();
    const running = textToImage.run({ prompt: 'a fox' }, ctx);
    setTimeout(() => ctx.controller.abort(), 20);
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
  });
});
