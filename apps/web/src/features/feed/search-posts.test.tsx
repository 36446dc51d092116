import { LIMITS, type TPost } from '@layerline/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { FAST_USER, LOAD_TIMEOUT_MS } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderApp } from '../../test/render-app';
import { createPost } from '../community/community.fakes';
import { POST_SEARCH_PATH } from '../search/post-search';
import { serveSearch } from '../search/test-fakes';
import { createWorkCard } from '../works/test-fakes';
import { useFeedStore } from './feed.store';
import { FEED_PATH } from './feed-api';

const POSTS: TPost[] = [
  createPost({ id: 3, content: 'Warping on the first layer, brim or raft?' }),
  createPost({ id: 2, content: 'PEI sheet fixed my warping' }),
  createPost({ id: 1, content: 'Enclosure against warping, worth it?' }),
];

/** The works feed (two works for any search) and the post search (posts whose text has the words). */
function serveHome() {
  serveSearch({});
  const network = fakeNetwork();
  network.on('GET', FEED_PATH, (request) => {
    const works = request.query.get('query')
      ? [createWorkCard({ id: 41, title: 'Bed clip' }), createWorkCard({ id: 42, title: 'Brim' })]
      : [createWorkCard({ id: 40, title: 'Vase' })];
    return envelopeReply(works, 200, 'success', { total: works.length });
  });
  network.on('GET', POST_SEARCH_PATH, (request) => {
    const words = (request.query.get('query') ?? '').toLowerCase();
    const found = POSTS.filter((post) => post.content.toLowerCase().includes(words));
    return envelopeReply(found, 200, 'success', { total: found.length });
  });
  return network;
}

const searchCalls = () => fakeNetwork().callsTo('GET', POST_SEARCH_PATH);
const box = () => screen.getByRole('combobox', { name: 'Search' });
const modeSwitch = () => within(screen.getByTestId('search-mode-switch'));

async function openHome() {
  const view = renderApp('/', FAST_USER);
  await screen.findAllByTestId('work-card', {}, { timeout: LOAD_TIMEOUT_MS });
  return view;
}

beforeEach(() => {
  useFeedStore.setState(useFeedStore.getInitialState(), true);
});

describe('home search finds posts too (ADR 0013)', () => {
  it('switches a search from works to the posts it finds, with counts, in one call', async () => {
    serveHome();
    const { user } = await openHome();
    // No search, no switch.
    expect(screen.queryByTestId('search-mode-switch')).toBeNull();

    await user.type(box(), 'warping{Enter}');
    await waitFor(() =>
      expect(modeSwitch().getByTestId('search-mode-posts-count')).toHaveTextContent('3'),
    );
    await waitFor(() =>
      expect(modeSwitch().getByTestId('search-mode-works-count')).toHaveTextContent('2'),
    );
    // Works first, as before: the works search is unchanged.
    expect(await screen.findByTestId('search-summary')).toHaveTextContent(
      '2 works found for “warping”',
    );
    expect(screen.queryByTestId('post-search-results')).toBeNull();

    await user.click(modeSwitch().getByText('Posts'));
    const results = within(await screen.findByTestId('post-search-results'));
    expect(await results.findByText('PEI sheet fixed my warping')).toBeInTheDocument();
    expect(results.getAllByTestId('post-card')).toHaveLength(3);
    expect(screen.getByTestId('post-search-summary')).toHaveTextContent(
      '3 posts found for “warping”',
    );
    expect(screen.queryByTestId('works-grid')).toBeNull();
    // The count watches the list's own query: one request for both.
    expect(searchCalls()).toHaveLength(1);
    expect(Object.fromEntries(searchCalls()[0]?.query ?? [])).toEqual({
      query: 'warping',
      page: '1',
      pageSize: String(LIMITS.postPageSize),
    });

    // Searching other words (typed over the old ones) keeps showing posts, for the new words.
    await user.type(box(), 'pei{Enter}', {
      initialSelectionStart: 0,
      initialSelectionEnd: 'warping'.length,
    });
    await waitFor(() => expect(results.getAllByTestId('post-card')).toHaveLength(1));
    expect(results.getByText('PEI sheet fixed my warping')).toBeInTheDocument();
    expect(searchCalls().at(-1)?.query.get('query')).toBe('pei');

    // Back to works: the grid of the same search.
    await user.click(modeSwitch().getByText('Works'));
    expect(await screen.findByTestId('works-grid')).toBeInTheDocument();
    expect(screen.queryByTestId('post-search-results')).toBeNull();
  });

  it('says when no post matches, and ends with the search', async () => {
    serveHome();
    const { user } = await openHome();
    await user.type(box(), 'lithophane{Enter}');
    await user.click(await screen.findByText('Posts'));
    expect(
      await screen.findByText('No posts match “lithophane”. Try other words.'),
    ).toBeInTheDocument();
    expect(modeSwitch().getByTestId('search-mode-posts-count')).toHaveTextContent('0');

    await user.clear(box());
    await waitFor(() => expect(screen.queryByTestId('search-mode-switch')).toBeNull());
    expect(screen.queryByTestId('post-search-results')).toBeNull();
    expect(await screen.findByTestId('works-grid')).toBeInTheDocument();
  });

  it('names the switch and the results in Chinese', async () => {
    serveHome();
    const { user } = await openHome();
    await act(() => i18n.changeLanguage('zh'));
    await user.type(screen.getByRole('combobox'), 'warping{Enter}');
    await user.click(await screen.findByText('动态'));
    expect(await screen.findByTestId('post-search-summary')).toHaveTextContent(
      '找到 3 条与“warping”相关的动态',
    );
    expect(modeSwitch().getByText('作品')).toBeInTheDocument();
  });
});
