import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderHome } from '../../test/render-home';
import { useFeedStore } from './feed.store';
import { FIRST_CARDS_MARK } from './first-cards';
import { cards, Harness, serveFeed } from './home-page.fakes';

const marks = () => performance.getEntriesByName(FIRST_CARDS_MARK, 'mark');

beforeEach(() => {
  useFeedStore.setState(useFeedStore.getInitialState(), true);
  performance.clearMarks(FIRST_CARDS_MARK);
});

describe('the first-cards mark (bench:web)', () => {
  it('is not set while the grid shows its skeleton cards', () => {
    renderHome(<Harness />);
    expect(document.querySelectorAll('.work-card-skeleton')).toHaveLength(10);
    expect(marks()).toHaveLength(0);
  });

  it('is set once, when the first cards are in the page', async () => {
    serveFeed(3);
    renderHome(<Harness />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(marks()).toHaveLength(1);
    expect(screen.getAllByTestId('work-card')).toHaveLength(3);
  });
});
