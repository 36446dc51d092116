import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useUiStore } from '../../../stores/ui.store';
import { createUserInfo, logInAs } from '../../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../../test/fake-network';
import { renderHome } from '../../../test/render-home';
import { createWorkCard } from '../test-fakes';
import { WorkCard } from './WorkCard';

const OWNER = createUserInfo({ userId: 9 });
const rejected = () =>
  createWorkCard({ status: 'rejected', rejection_reason: 'Blurry photos', title: 'Gear clock' });

describe('work card (SPEC 2 cards, SPEC 3 nickname, SPEC 8 image failure)', () => {
  it('shows cover, title, creator and counts, and links to the detail modal', async () => {
    renderHome(<WorkCard work={createWorkCard({ nickname: 'maker.nine@example.com' })} />);
    const card = within(screen.getByRole('article', { name: 'Gear clock' }));
    expect(card.getByRole('img', { name: 'Gear clock' })).toHaveAttribute(
      'src',
      '/files/gear-clock.png',
    );
    expect(card.getByTestId('work-card-link')).toHaveAttribute('href', '/work/11');
    expect(card.getByText('maker.nine')).toBeInTheDocument();
    expect(card.queryByText(/@example\.com/)).toBeNull();
    expect(card.getByTestId('work-card-likes')).toHaveTextContent('1.2K');
    expect(card.getByTestId('work-card-downloads')).toHaveTextContent('56');
    expect(card.queryByTestId('work-card-appeal')).toBeNull();
  });

  it("shows the cover's thumbnail when the work has one (the full cover is for the detail)", () => {
    renderHome(
      <WorkCard
        work={createWorkCard({
          cover: ['/files/gear-clock.webp', '/files/side.webp'],
          cover_thumb: '/files/gear-clock.thumb.webp',
        })}
      />,
    );
    expect(screen.getByRole('img', { name: 'Gear clock' })).toHaveAttribute(
      'src',
      '/files/gear-clock.thumb.webp',
    );
  });

  it("says 'load failed' with a retry when the cover does not load", () => {
    renderHome(<WorkCard work={createWorkCard()} />);
    fireEvent.error(screen.getByRole('img', { name: 'Gear clock' }));
    expect(screen.getByText('Load failed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('img', { name: 'Gear clock' }).getAttribute('src')).toContain(
      'retry=1',
    );
  });

  it('shows a placeholder, not a broken image, for a work without a cover', () => {
    renderHome(<WorkCard work={createWorkCard({ cover: [] })} />);
    const placeholder = screen.getByRole('img', { name: 'Gear clock' });
    expect(placeholder.tagName).toBe('SPAN');
    expect(placeholder).not.toHaveAttribute('src');
    expect(screen.queryByText('Load failed')).toBeNull();
  });

  it("opens the author's profile for a visitor too, without the login dialog (ADR 0016)", async () => {
    const { user, router } = renderHome(<WorkCard work={createWorkCard()} />);
    await user.click(screen.getByRole('button', { name: /Maker Nine/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/userInfor/9'));
    expect(useUiStore.getState().loginDialog.open).toBe(false);
  });

  it("marks the owner's work in review", () => {
    logInAs(OWNER);
    renderHome(<WorkCard work={createWorkCard({ status: 'in_review' })} />);
    expect(screen.getByTestId('work-card-in-review')).toHaveTextContent('In review');
  });

  it("offers no marks on someone else's rejected work", () => {
    logInAs();
    renderHome(<WorkCard work={rejected()} />);
    expect(screen.queryByTestId('work-card-appeal')).toBeNull();
    expect(screen.queryByTestId('work-card-delete')).toBeNull();
  });

  it("gives the owner's rejected card a help mark that opens the appeal", async () => {
    logInAs(OWNER);
    const { user } = renderHome(<WorkCard work={rejected()} />);
    expect(screen.getByText('Review not passed')).toBeInTheDocument();
    // The reason is the help mark's description, shown beside it on hover and focus.
    const mark = screen.getByRole('button', { name: 'Submit an appeal' });
    expect(mark).toHaveAccessibleDescription('Blurry photos');
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent('Blurry photos');
    await user.click(mark);
    expect(await screen.findByLabelText('Reason for the appeal')).toBeInTheDocument();
    expect(screen.getByText('Work: Gear clock')).toBeInTheDocument();
  });

  it("gives the owner's rejected card a delete mark that deletes after confirmation", async () => {
    logInAs(OWNER);
    fakeNetwork().on('DELETE', '/api/v1/works/11', () => envelopeReply({ id: 11 }));
    const { user } = renderHome(<WorkCard work={rejected()} />);
    await user.click(screen.getByRole('button', { name: 'Delete this work' }));
    const confirm = await screen.findByRole('dialog');
    expect(fakeNetwork().callsTo('DELETE', '/api/v1/works/11')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The work has been deleted.')).toBeInTheDocument();
    await waitFor(() =>
      expect(fakeNetwork().callsTo('DELETE', '/api/v1/works/11')).toHaveLength(1),
    );
  });
});
