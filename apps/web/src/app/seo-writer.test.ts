import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { writeSeoTags } from './seo-writer';

/** SPEC 2 page tags, written from their own chunk (ADR 0028). */
describe('writeSeoTags', () => {
  const tagsFor = (title: string) => ({
    title,
    description: `About ${title}`,
    url: 'http://layerline.test/',
    image: 'http://layerline.test/og-image.png',
    type: 'website' as const,
    locale: 'en_US',
    twitterCard: 'summary_large_image' as const,
  });

  it('writes in the order asked for, so the own tags of a screen follow those of its route', async () => {
    writeSeoTags(() => tagsFor('Work - Layerline'));
    writeSeoTags(() => tagsFor('Lithophane lamp - Layerline'));
    await waitFor(() => expect(document.title).toBe('Lithophane lamp - Layerline'));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'About Lithophane lamp - Layerline',
    );
  });

  it('writes nothing for a screen that has moved on before its chunk arrived', async () => {
    const stale = vi.fn(() => tagsFor('Old page - Layerline'));
    const cancel = writeSeoTags(stale);
    cancel();
    writeSeoTags(() => tagsFor('New page - Layerline'));
    await waitFor(() => expect(document.title).toBe('New page - Layerline'));
    expect(stale).not.toHaveBeenCalled();
  });
});
