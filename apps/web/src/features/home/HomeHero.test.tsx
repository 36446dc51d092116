import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { envelope } from '../../lib/api/test-fakes';
import {
  createBanner,
  HOME_PATHS,
  homeRoutes,
  installFakeApi,
  listEnvelope,
} from '../../test/home-api.fakes';
import { renderHome } from '../../test/render-home';
import slideCommunity from '../banners/art/slide-community.svg';
import { placeholderImage, toBannerView } from '../banners/banner-view';
import { HomeHero } from './HomeHero';

const carouselRegion = () => screen.findByRole('region', { name: 'Featured', busy: false });
const bannerRegion = () => screen.findByRole('region', { name: 'Highlights', busy: false });
const typeOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('type');

describe('carousel and banners from /banner/list (SPEC 2, 3, 4)', () => {
  it('shows the server carousel (type 1) and at most 3 banners (type 2)', async () => {
    const api = installFakeApi(
      homeRoutes({
        carousel: [createBanner({ id: 1, title: 'Print-in-place challenge' })],
        banners: [1, 2, 3, 4, 5].map((id) => createBanner({ id: 10 + id, title: `Grid ${id}` })),
      }),
    );
    renderHome(<HomeHero />);
    expect(await carouselRegion()).toHaveTextContent('Print-in-place challenge');
    const grid = await bannerRegion();
    expect(within(grid).getAllByRole('article')).toHaveLength(3);
    expect(grid).toHaveTextContent('Grid 3');
    expect(grid).not.toHaveTextContent('Grid 4');
    expect(
      api
        .callsTo(HOME_PATHS.banners)
        .map((call) => typeOf(call.url))
        .sort(),
    ).toEqual(['1', '2']);
  });

  it('shows img, title, subtitle, button text and the iconType badge of a banner', async () => {
    installFakeApi(
      homeRoutes({
        banners: [
          createBanner({
            id: 4,
            img: '/files/b4.webp',
            title: 'First upload bonus',
            subtitle: 'Earn points',
            buttonText: 'Publish',
            iconType: 'coupon',
          }),
        ],
      }),
    );
    renderHome(<HomeHero />);
    const card = within(await bannerRegion()).getByRole('article');
    expect(card).toHaveTextContent('First upload bonus');
    expect(card).toHaveTextContent('Earn points');
    expect(card).toHaveTextContent('Coupon');
    expect(within(card).getByRole('link', { name: 'Publish' })).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', '/files/b4.webp');
    expect(card.querySelector('img')).toHaveAttribute('loading', 'lazy');
  });

  it('replaces missing values by a placeholder image, default texts and an ignored link', async () => {
    const bare = { id: 9, img: '', title: '', subtitle: '', buttonText: '', link: '' };
    installFakeApi(homeRoutes({ banners: [createBanner(bare)] }));
    renderHome(<HomeHero />);
    const card = within(await bannerRegion()).getByRole('article');
    expect(card.querySelector('img')).toHaveAttribute('src', placeholderImage);
    expect(card).toHaveTextContent('Discover more on Layerline');
    expect(card).toHaveTextContent('New models, tips and events from the maker community.');
    expect(card).toHaveTextContent('Featured');
    // '#' (the stand-in for a missing link) is ignored: plain text, not a link.
    expect(within(card).getByText('Learn more').tagName).toBe('SPAN');
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it('fills in an item that lacks fields the contract requires (DESIGN 3 tolerance)', () => {
    // An answer off the contract fails its check before a screen sees it, so the
    // normaliser's tolerance is tested on its own.
    const t = i18n.getFixedT('en', 'home');
    const view = toBannerView({ ID: 7 }, 0, t);
    expect(view).toMatchObject({
      key: '7',
      img: placeholderImage,
      title: 'Discover more on Layerline',
      link: '#',
      titleLink: '#',
      iconType: 'default',
    });
    expect(toBannerView({ iconType: 'unknown' as never }, 2, t)).toMatchObject({
      key: 'item-2',
      iconType: 'default',
    });
  });

  it('uses the built-in slides on an empty result and built-in banners on a failure', async () => {
    installFakeApi({
      ...homeRoutes({ carousel: [] }),
      [HOME_PATHS.banners]: (_call, url) =>
        url.searchParams.get('type') === '1'
          ? listEnvelope([])
          : envelope(null, 400, 'bad request'),
    });
    renderHome(<HomeHero />);
    const carousel = await carouselRegion();
    expect(screen.getByRole('group', { name: 'Slide 1 of 3' })).toHaveTextContent(
      'Share what you made',
    );
    expect(carousel.querySelector('img')).toHaveAttribute('src', slideCommunity);
    const grid = await bannerRegion();
    expect(within(grid).getAllByRole('article')).toHaveLength(3);
    expect(grid).toHaveTextContent('Daily creation points');
    // Bundled art only, no external addresses.
    for (const image of [...carousel.querySelectorAll('img'), ...grid.querySelectorAll('img')]) {
      expect(image.getAttribute('src')).not.toMatch(/^https?:/);
    }
  });

  it('fetches again with the new Content-Language after a language switch', async () => {
    const api = installFakeApi({
      [HOME_PATHS.banners]: (_call, _url, locale) =>
        listEnvelope([
          createBanner({ title: locale === 'zh' ? '打印即可动挑战赛' : 'Print-in-place' }),
        ]),
    });
    renderHome(<HomeHero />);
    expect(await carouselRegion()).toHaveTextContent('Print-in-place');
    await act(() => i18n.changeLanguage('zh'));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: '精选推荐' })).toHaveTextContent(
        '打印即可动挑战赛',
      ),
    );
    const languages = api.callsTo(HOME_PATHS.banners).map((c) => c.headers.get('Content-Language'));
    expect(languages).toEqual(['en', 'en', 'zh', 'zh']);
  });
});

describe('a cancelled banner fetch (SPEC 4: retry after 1 second)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks again 1 s after a Request cancelled answer, then shows the result', async () => {
    let carouselCalls = 0;
    const api = installFakeApi({
      [HOME_PATHS.banners]: (_call, url) => {
        if (url.searchParams.get('type') !== '1') return listEnvelope([]);
        carouselCalls += 1;
        // What the client reports for a cancelled or duplicate request.
        if (carouselCalls === 1)
          throw new ApiError({ kind: 'cancel', message: 'Request cancelled' });
        return listEnvelope([createBanner({ title: 'After the retry' })]);
      },
    });
    renderHome(<HomeHero />, { fakeTimers: true });
    const carouselCallCount = () =>
      api.callsTo(HOME_PATHS.banners).filter((call) => typeOf(call.url) === '1').length;

    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(carouselCallCount()).toBe(1);
    // Still loading: no built-in slides in between.
    expect(screen.queryByText('Share what you made')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(980));
    expect(carouselCallCount()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(carouselCallCount()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('region', { name: 'Featured' })).toHaveTextContent('After the retry');
  });
});
