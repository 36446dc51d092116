import { ERASE_MAX_MASK_PERCENT, ZAiJobResponse } from '@layerline/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalAiApp,
  runJobThroughApi,
  signedInUser,
  type TLocalAiApp,
} from '../../test/ai-jobs';
import { storeUpload } from '../../test/uploads';
import { DEFAULT_AI_COSTS } from './ai-engines.registry';

/**
 * The eraser refuses a mask over ERASE_MAX_MASK_PERCENT (DESIGN 5: it is for
 * small blemishes) from its pool thread: the refusal's own message must cross
 * the thread, the queue and the record, in the request's language (SPEC 8),
 * and the points come back.
 */
const W = 200;
const H = 100;
const cost = DEFAULT_AI_COSTS.erase;

let app: TLocalAiApp;

beforeAll(async () => {
  app = await createLocalAiApp('erase-mask', 60_000);
});
afterAll(async () => {
  await app.t.close();
});

/** White over the left `share` of a black mask the picture's size. */
const maskCovering = (share: number) =>
  sharp({ create: { width: W, height: H, channels: 3, background: '#000' } })
    .composite([
      {
        input: {
          create: { width: Math.round(W * share), height: H, channels: 3, background: '#fff' },
        },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

async function eraseWith(share: number) {
  const { t } = app;
  const me = await signedInUser(t, 10);
  const picture = await sharp({
    create: { width: W, height: H, channels: 3, background: '#8a6d4b' },
  })
    .png()
    .toBuffer();
  const image = await storeUpload(t, me.id, 'ai', picture, 'wall.png', 'image/png');
  const mask = await storeUpload(t, me.id, 'ai', await maskCovering(share), 'm.png', 'image/png');
  const { queued, done } = await runJobThroughApi(app, me.headers, {
    kind: 'erase',
    params: { imageUrl: image.url, maskUrl: mask.url },
  });
  const balance = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/points', headers: me.headers })).json().data
      .balance as number;
  const inZh = ZAiJobResponse.parse(
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/ai/jobs/${queued.id}`,
        headers: { ...me.headers, 'content-language': 'zh' },
      })
    ).json(),
  ).data;
  return { queued, done, inZh, balance: await balance() };
}

describe(`the eraser through the queue (DESIGN 5, at most ${ERASE_MAX_MASK_PERCENT}%)`, () => {
  it('fails a mask over the limit with its own message in both languages, and refunds it', async () => {
    const { queued, done, inZh, balance } = await eraseWith(0.4);
    expect(queued.cost).toBe(cost);
    expect(done).toMatchObject({ state: 'failed', errorReason: 'badParameters' });
    expect(done.errorMessage).toBe(
      `The eraser is for small blemishes: paint at most ${ERASE_MAX_MASK_PERCENT}% of the picture. Your points were refunded.`,
    );
    expect(inZh.errorMessage).toBe(
      `消除笔用于去除小瑕疵：涂抹范围最多为图片的 ${ERASE_MAX_MASK_PERCENT}%。积分已退回。`,
    );
    expect(balance).toBe(10);
  });

  it('erases a mask under the limit, charged', async () => {
    const { done, balance } = await eraseWith(0.2);
    expect(done).toMatchObject({ state: 'succeeded' });
    expect(done.resultFiles).toHaveLength(1);
    expect(balance).toBe(10 - cost);
  });
});
