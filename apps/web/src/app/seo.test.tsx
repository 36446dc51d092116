import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { renderApp } from '../test/render-app';
import { applySeoTags, buildSeoTags } from './seo';

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');

describe('SEO tags (SPEC 2: each navigation sets title, description, social tags, canonical)', () => {
  it('builds "{product} - Home" on home and "{page} - {product}" elsewhere', () => {
    const home = buildSeoTags({ page: 'home', origin: 'https://example.test', pathname: '/' });
    expect(home.title).toBe('Layerline - Home');
    expect(home.url).toBe('https://example.test/');
    expect(home.image).toBe('https://example.test/og-image.png');
    const community = buildSeoTags({
      page: 'community',
      origin: 'https://example.test',
      pathname: '/community',
      product: 'MakerHub',
    });
    expect(community.title).toBe('Model talk - MakerHub');
    expect(community.description).toContain('MakerHub');
  });

  it('creates missing tags and updates existing ones', () => {
    const tags = buildSeoTags({
      page: 'aiCreate',
      origin: 'https://example.test',
      pathname: '/aiCreate',
    });
    applySeoTags(tags);
    applySeoTags(tags);
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(meta('meta[name="twitter:title"]')).toBe('AI create - Layerline');
  });

  it('updates every tag on navigation and on a language switch', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Works' });
    await waitFor(() => expect(document.title).toBe('Layerline - Home'));
    expect(meta('meta[name="description"]')).toBe(
      'Discover and share 3D printing, laser engraving and other creative works on Layerline.',
    );
    expect(canonical()).toBe('http://localhost:3000/');
    expect(meta('meta[property="og:type"]')).toBe('website');

    await act(() => router.navigate('/community?tab=square'));
    await waitFor(() => expect(document.title).toBe('Model talk - Layerline'));
    expect(meta('meta[property="og:title"]')).toBe('Model talk - Layerline');
    expect(meta('meta[property="og:description"]')).toContain('community');
    expect(meta('meta[property="og:url"]')).toBe('http://localhost:3000/community');
    expect(meta('meta[property="og:image"]')).toBe('http://localhost:3000/og-image.png');
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta('meta[name="twitter:title"]')).toBe('Model talk - Layerline');
    expect(meta('meta[name="twitter:description"]')).toBe(meta('meta[name="description"]'));
    expect(canonical()).toBe('http://localhost:3000/community');

    await act(() => router.navigate('/collections/5'));
    await waitFor(() => expect(document.title).toBe('Collection - Layerline'));
    expect(canonical()).toBe('http://localhost:3000/collections/5');

    await act(() => i18n.changeLanguage('zh'));
    await waitFor(() => expect(document.title).toBe('合集 - Layerline'));
    expect(meta('meta[property="og:locale"]')).toBe('zh_CN');
  });
});
