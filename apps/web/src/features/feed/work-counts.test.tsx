import type { TWorkCard } from '@layerline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KeepAliveActiveContext } from '../../app/KeepAliveOutlet';
import { logInAs } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderHome } from '../../test/render-home';
import { FavorButton } from '../social/FavorButton';
import { LikeButton } from '../social/LikeButton';
import { createWorkCard } from '../works/test-fakes';
import { FEED_PATH } from './feed-api';
import { HomePage } from './HomePage';
import { applyWorkCounts } from './work-counts';

const CARDS: TWorkCard[] = [1, 2, 3].map((id) =>
  createWorkCard({ id, title: `Work ${id}`, like: 3, favor: 1, is_like: false }),
);

/** The home grid, and the like and collect buttons of work 2's detail next to it. */
function Harness() {
  return (
    <KeepAliveActiveContext.Provider value={true}>
      <HomePage />
      <section data-testid="detail">
        <LikeButton work={{ id: 2, is_like: false, like: 3 }} />
        <FavorButton work={{ id: 2, is_favor: false, favor: 1 }} />
      </section>
    </KeepAliveActiveContext.Provider>
  );
}

const likesOf = (title: string) =>
  within(screen.getByRole('article', { name: title })).getByTestId('work-card-likes');

describe('counts of a like or collect in the detail reach the cards (SPEC 4 Social actions)', () => {
  it('updates the like count of the card in the home grid without a reload', async () => {
    logInAs();
    fakeNetwork().on('GET', FEED_PATH, () => envelopeReply(CARDS, 200, 'success', { total: 3 }));
    fakeNetwork().on('PUT', '/api/v1/works/like/2', () =>
      envelopeReply({ id: 2, is_like: true, like: 4 }),
    );
    const { user } = renderHome(<Harness />);
    await waitFor(() => expect(screen.getAllByTestId('work-card')).toHaveLength(3));
    expect(likesOf('Work 2')).toHaveTextContent('3');

    await user.click(within(screen.getByTestId('detail')).getByTestId('like-button'));
    await waitFor(() => expect(likesOf('Work 2')).toHaveTextContent('4'));
    expect(likesOf('Work 1')).toHaveTextContent('3');
    expect(fakeNetwork().callsTo('GET', FEED_PATH)).toHaveLength(1);
  });

  it('sets absolute counts, never below 0, and leaves other works alone', () => {
    const card = createWorkCard({ id: 2, like: 3, favor: 1, is_like: true });
    expect(applyWorkCounts(card, { id: 2, like: -1, is_like: false, favor: 0 })).toMatchObject({
      like: 0,
      is_like: false,
      favor: 0,
    });
    expect(applyWorkCounts(card, { id: 5, like: 9 })).toBe(card);
    expect(applyWorkCounts(card, { id: 2, favor: 1 })).toBe(card);
  });

  // SPEC 5: downloads are counted; the count a download read back reaches the cards too.
  it('sets the download count the server answered after a download', () => {
    const card = createWorkCard({ id: 2, download_count: 4 });
    const next = applyWorkCounts(card, { id: 2, download_count: 5 });
    expect(next).not.toBe(card);
    expect(next.download_count).toBe(5);
    expect(applyWorkCounts(card, { id: 2, download_count: 4 })).toBe(card);
  });
});
