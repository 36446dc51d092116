import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { fetchFeedPage } from './api';
import { createPost, createPosts, serveFeed } from './community.fakes';
import { PostList } from './PostList';

function renderList() {
  return renderWithProviders(
    <MemoryRouter>
      <PostList
        queryKey={['test', 'square']}
        fetchPage={fetchFeedPage('square')}
        emptyText="Nothing"
      />
    </MemoryRouter>,
  );
}

describe('PostList', () => {
  it('shows skeletons, then the cards', async () => {
    serveFeed('square', [
      createPost({ id: 5, content: 'Benchy in silk PLA', images: ['/files/a.png'] }),
      ...createPosts(2, 4),
    ]);
    renderList();
    expect(screen.getAllByTestId('post-skeleton')).toHaveLength(3);
    const cards = await screen.findAllByTestId('post-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[0] as HTMLElement).getByText('Benchy in silk PLA')).toBeInTheDocument();
    expect(screen.queryByTestId('post-skeleton')).toBeNull();
  });

  it('says when there is nothing', async () => {
    serveFeed('square', []);
    renderList();
    expect(await screen.findByText('Nothing')).toBeInTheDocument();
  });
});
