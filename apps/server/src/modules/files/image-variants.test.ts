import { IMAGE_VARIANT_WIDTHS, imageVariantUrl } from '@layerline/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { FilesRepository } from './files.repository';
import { encodeVariants } from './image-processor';
import { storeShownWebp } from './stored-image';

// docs/PERFORMANCE.md "Image variants": card thumbnails and avatars are also
// stored 96, 160 and 320 px wide, named after the image, for srcset.

let t: TTestApp;

/** A WebP of its own bytes per colour (files are content-addressed). */
const webp = (width: number, height: number, background = '#3a7') =>
  sharp({ create: { width, height, channels: 3, background } })
    .webp()
    .toBuffer();

const widthOf = async (data: Buffer) => (await sharp(data).metadata()).width;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('image variants', () => {
  it('encodes each width as WebP, never wider than the image', async () => {
    const variants = await encodeVariants(await webp(480, 360));
    expect(variants.map((variant) => variant.width)).toEqual([...IMAGE_VARIANT_WIDTHS]);
    expect(await Promise.all(variants.map((variant) => widthOf(variant.data)))).toEqual([
      96, 160, 320,
    ]);
    const small = await encodeVariants(await webp(120, 120));
    expect(await Promise.all(small.map((variant) => widthOf(variant.data)))).toEqual([
      96, 120, 120,
    ]);
  });

  it('stores a shown image with its copies, served under the names pages derive', async () => {
    const stored = await storeShownWebp(t.storage, await webp(480, 360), 'card.thumb.webp');
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const url = imageVariantUrl(stored.url, width);
      expect(url).toBe(stored.url.replace('.webp', `.w${width}.webp`));
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers.etag).toBe(`"${stored.sha256}-w${width}"`);
      expect(await widthOf(res.rawPayload)).toBe(width);
    }
  });

  it('makes the copy of an image stored before copies existed on its first request', async () => {
    const stored = await t.storage.put(await webp(400, 300, '#a73'), {
      filename: 'old.webp',
      mime: 'image/webp',
    });
    const url = imageVariantUrl(stored.url, 160);
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(await widthOf(first.rawPayload)).toBe(160);
    // Kept: the second answer is the file on disk, the same bytes.
    const second = await t.app.inject({ method: 'GET', url });
    expect(second.rawPayload).toEqual(first.rawPayload);
  });

  it('makes no copy at another width, of a missing image, or of a private design file', async () => {
    const stored = await t.storage.put(await webp(400, 300, '#37a'), {
      filename: 'design.webp',
      mime: 'image/webp',
    });
    const odd = await t.app.inject({
      method: 'GET',
      url: stored.url.replace('.webp', '.w200.webp'),
    });
    expect(odd.statusCode).toBe(404);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/files/ab/ab${'0'.repeat(62)}.w160.webp`,
    });
    expect(missing.statusCode).toBe(404);

    const user = await createUser(t.db);
    await new FilesRepository(t.db).record([
      {
        userId: user.id,
        sha256: stored.sha256,
        url: stored.url,
        filename: 'design.webp',
        size: stored.size,
        mime: 'image/webp',
        kind: 'design',
        thumbnail: null,
        createdAt: new Date(),
      },
    ]);
    const copy = await t.app.inject({ method: 'GET', url: imageVariantUrl(stored.url, 160) });
    expect(copy.statusCode).toBe(404);
    expect(await t.storage.exists(stored.key.replace('.webp', '.w160.webp'))).toBe(false);
  });

  it('names no copies for addresses that are not stored WebPs', () => {
    expect(imageVariantUrl('/files/ab/cover.png', 96)).toBe('');
    expect(imageVariantUrl('data:image/webp;base64,AAAA', 96)).toBe('');
    expect(imageVariantUrl(`https://cdn.example.com/ab/${'a'.repeat(64)}.webp`, 320)).toBe(
      `https://cdn.example.com/ab/${'a'.repeat(64)}.w320.webp`,
    );
  });
});
