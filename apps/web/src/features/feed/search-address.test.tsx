import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { FAST_USER, LOAD_TIMEOUT_MS } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderApp } from '../../test/render-app';
import { POST_SEARCH_PATH } from '../search/post-search';
import { searchPath } from '../search/search-url';
import { serveSearch } from '../search/test-fakes';
import { createWorkCard } from '../works/test-fakes';
import { useFeedStore } from './feed.store';
import { FEED_PATH } from './feed-api';

/** The works feed: a vase for a search, a clip otherwise. */
function serveFeed() {
  serveSearch({});
  fakeNetwork().on('GET', FEED_PATH, (request) => {
    const works = request.query.get('query')
      ? [createWorkCard({ id: 41, title: '波纹花瓶 Wave vase' })]
      : [createWorkCard({ id: 40, title: 'Bed clip' })];
    return envelopeReply(works, 200, 'success', { total: works.length });
  });
  fakeNetwork().on('GET', POST_SEARCH_PATH, () => envelopeReply([], 200, 'success', { total: 0 }));
}

const feedQueries = () =>
  fakeNetwork()
    .callsTo('GET', FEED_PATH)
    .map((call) => call.query.get('query') ?? '');

beforeEach(() => {
  useFeedStore.setState(useFeedStore.getInitialState(), true);
});

describe('the home at a search address (/?q=)', () => {
  for (const [language, label, words] of [
    ['en', 'Search', 'vase'],
    ['zh', '搜索', '花瓶'],
  ] as const) {
    it(`shows the results at once and fills the box (${language})`, async () => {
      await act(() => i18n.changeLanguage(language));
      serveFeed();
      const { router, user } = renderApp(searchPath(words), FAST_USER);
      expect(
        await screen.findByText('波纹花瓶 Wave vase', {}, { timeout: LOAD_TIMEOUT_MS }),
      ).toBeInTheDocument();
      const box = screen.getByRole('combobox', { name: label });
      expect(box).toHaveValue(words);
      // The search is the first and only list asked for: never the unsearched feed first.
      expect(feedQueries()).toEqual([words]);

      // Another screen empties the box; Back shows the search again.
      await act(() => router.navigate('/community'));
      await waitFor(() => expect(box).toHaveValue(''));
      await act(() => router.navigate(-1));
      await waitFor(() => expect(box).toHaveValue(words));
      expect(router.state.location.search).toBe(new URL(searchPath(words), 'http://x').search);

      // The side navigation's home (a link to /) ends the search.
      await user.click(document.querySelector('a[data-nav="discover"]') as HTMLElement);
      await waitFor(() => expect(router.state.location.search).toBe(''));
      expect(box).toHaveValue('');
      expect(await screen.findByText('Bed clip', {}, { timeout: LOAD_TIMEOUT_MS })).toBeVisible();
    });
  }
});
