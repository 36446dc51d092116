import { afterEach, describe, expect, it } from 'vitest';
import type { TAiEngine } from '../ai-engine';
import { cleanAnswer, createOpenAiChatEngines } from './openai-chat.provider';
import {
  startFakeProvider,
  type TFakeProvider,
  type TFakeReply,
  type TFakeRequest,
} from './test-support/fake-provider-server';
import { testContext, testRuntime } from './test-support/provider-fixtures';

let fake: TFakeProvider | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function engine(
  handler: (request: TFakeRequest) => TFakeReply | Promise<TFakeReply>,
  runtime = testRuntime(),
): Promise<TAiEngine> {
  fake = await startFakeProvider(handler);
  const [promptOptimize] = createOpenAiChatEngines(
    { baseUrl: `${fake.url}/v1`, apiKey: 'sk-chat', model: 'deepseek-chat' },
    runtime,
  );
  if (!promptOptimize) throw new Error('engine missing');
  return promptOptimize;
}

/** The documented chat.completion object. */
const completion = (content: string | null, finishReason = 'stop'): TFakeReply => ({
  json: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'deepseek-chat',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason }],
    usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
  },
});

describe('OpenAI-compatible chat for prompt optimisation', () => {
  it('returns the optimised prompt as text, asking for the machine and language', async () => {
    const promptOptimize = await engine(() =>
      completion('"A fox head, bold black outlines, white background"'),
    );
    const result = await promptOptimize.run(
      { prompt: '狐狸', machine: 'laser', locale: 'zh', style: 'woodcut' },
      testContext(),
    );

    expect(promptOptimize.kind).toBe('prompt_optimize');
    expect(result).toEqual({
      files: [],
      text: 'A fox head, bold black outlines, white background',
    });
    const request = fake?.calls('/v1/chat/completions')[0];
    expect(request?.headers.authorization).toBe('Bearer sk-chat');
    const body = request?.json() as {
      model: string;
      messages: { role: string; content: string }[];
    };
    expect(body.model).toBe('deepseek-chat');
    expect(body.messages[1]).toEqual({ role: 'user', content: '狐狸' });
    expect(body.messages[0]?.content).toMatch(/laser/);
    expect(body.messages[0]?.content).toMatch(/Simplified Chinese/);
    expect(body.messages[0]?.content).toMatch(/woodcut/);
  });

  it('strips code fences and quotes models wrap answers in', () => {
    expect(cleanAnswer('```\n“a lighthouse”\n```')).toBe('a lighthouse');
  });

  it('ends as a timeout when the model is slow', async () => {
    const promptOptimize = await engine(
      () => ({ ...completion('late'), delayMs: 3_000 }),
      testRuntime({ timeoutMs: 100 }),
    );
    await expect(promptOptimize.run({ prompt: 'fox' }, testContext())).rejects.toMatchObject({
      reason: 'timeout',
    });
  });

  it('retries after a 429 with Retry-After, then answers', async () => {
    let calls = 0;
    const promptOptimize = await engine(() =>
      ++calls === 1
        ? {
            status: 429,
            headers: { 'retry-after': '0' },
            json: {
              error: { message: 'Rate limit reached', type: 'rate_limit_error', code: null },
            },
          }
        : completion('a fox'),
    );
    expect((await promptOptimize.run({ prompt: 'fox' }, testContext())).text).toBe('a fox');
    expect(fake?.requests).toHaveLength(2);
  });

  it('ends failed after bounded retries when the server keeps failing', async () => {
    const promptOptimize = await engine(() => ({
      status: 503,
      json: { error: { message: 'Server overloaded', type: 'service_unavailable_error' } },
    }));
    await expect(promptOptimize.run({ prompt: 'fox' }, testContext())).rejects.toMatchObject({
      reason: 'failed',
    });
    expect(fake?.requests).toHaveLength(3);
  });

  it('ends failed with a clear message on a malformed or empty answer', async () => {
    const promptOptimize = await engine(() => ({ json: { choices: 'none' } }));
    await expect(promptOptimize.run({ prompt: 'fox' }, testContext())).rejects.toThrow(
      /unexpected shape \(choices/,
    );
    await fake?.close();
    const empty = await engine(() => completion(null));
    await expect(empty.run({ prompt: 'fox' }, testContext())).rejects.toThrow(/no text/);
  });

  it('turns DashScope data inspection and a content_filter finish into the sensitive-words message', async () => {
    const dashscope = await engine(() => ({
      status: 400,
      json: {
        error: {
          code: 'data_inspection_failed',
          param: null,
          message: 'Input data may contain inappropriate content.',
          type: 'data_inspection_failed',
        },
      },
    }));
    await expect(dashscope.run({ prompt: 'x' }, testContext())).rejects.toMatchObject({
      reason: 'sensitiveWords',
    });
    await fake?.close();
    const filtered = await engine(() => completion('', 'content_filter'));
    await expect(filtered.run({ prompt: 'x' }, testContext())).rejects.toMatchObject({
      reason: 'sensitiveWords',
    });
  });

  it('turns a 422 into the parameter error and an unknown machine into one before any call', async () => {
    const promptOptimize = await engine(() => ({
      status: 422,
      json: {
        error: { message: 'Invalid parameters: temperature', type: 'invalid_request_error' },
      },
    }));
    await expect(promptOptimize.run({ prompt: 'fox' }, testContext())).rejects.toMatchObject({
      reason: 'badParameters',
    });
    await expect(
      promptOptimize.run({ prompt: 'fox', machine: 'cnc' }, testContext()),
    ).rejects.toThrow(/machine/);
    expect(fake?.requests).toHaveLength(1);
  });
});
