import { apiPath, type TModerationItem, type TRole } from '@layerline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createUserInfo,
  FAST_USER,
  LOAD_TIMEOUT_MS,
  logInAs,
  serveUserInfo,
} from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderApp } from '../../test/render-app';

/** The paths the console calls, from the contract's endpoint table. */
const ADMIN_PATHS = {
  summary: apiPath('admin.summary'),
  review: apiPath('moderation.works'),
  approve: (id: number) => apiPath('moderation.approve', { id }),
  reject: (id: number) => apiPath('moderation.reject', { id }),
  feedback: apiPath('admin.feedback'),
  posts: apiPath('admin.posts'),
  comments: apiPath('admin.comments'),
  users: apiPath('admin.users'),
  user: (id: number) => apiPath('admin.user', { id }),
  words: apiPath('admin.sensitiveWords'),
  audit: apiPath('admin.audit'),
};

const SUMMARY = { works_in_review: 3, open_appeals: 1, open_reports: 5, open_feedback: 2 };

function work(id: number, title: string): TModerationItem {
  return {
    id,
    title,
    cover: [],
    nickname: 'Maker Nine',
    avatar: '',
    created_by: 9,
    like: 0,
    favor: 0,
    is_like: false,
    download_count: 0,
    comment_count: 0,
    CreatedAt: '2026-11-20T10:00:00Z',
    UpdatedAt: '2026-11-21T10:00:00Z',
    status: 'in_review',
    rejection_reason: '',
    summary: 'A lamp',
    appeal_reason: null,
  };
}

function serveConsole() {
  const network = fakeNetwork();
  network.on('GET', ADMIN_PATHS.summary, () => envelopeReply(SUMMARY));
  network.on('GET', ADMIN_PATHS.review, () =>
    envelopeReply([work(11, 'Lithophane lamp'), work(12, 'Cable clip')], 200, 'success', {
      total: 2,
    }),
  );
  network.on('POST', /\/api\/v1\/moderation\/works\/\d+\/(approve|reject)$/, (request) =>
    envelopeReply({
      id: Number(request.path.split('/')[5]),
      status: 'published',
      rejection_reason: '',
    }),
  );
  network.on('GET', ADMIN_PATHS.users, () =>
    envelopeReply(
      [
        {
          id: 9,
          email: 'nine@example.com',
          nickname: 'Maker Nine',
          avatar: '',
          role: 'user',
          points: 10,
          created_at: '2026-11-01T10:00:00Z',
          suspension: null,
        },
      ],
      200,
      'success',
      { total: 1 },
    ),
  );
  network.on('GET', ADMIN_PATHS.user(9), () =>
    envelopeReply({
      id: 9,
      email: 'nine@example.com',
      nickname: 'Maker Nine',
      avatar: '',
      role: 'user',
      points: 10,
      created_at: '2026-11-01T10:00:00Z',
      suspension: null,
      counts: { works: 1, posts: 0, comments: 0 },
      recent_works: [
        { id: 41, title: 'Cable clip', status: 'in_review', created_at: '2026-11-02T10:00:00Z' },
      ],
      recent_posts: [],
      points_ledger: [],
    }),
  );
  network.on('GET', ADMIN_PATHS.audit, () => envelopeReply([], 200, 'success', { total: 0 }));
  network.on('GET', ADMIN_PATHS.words, () =>
    envelopeReply({ words: ['spamword'], builtin: ['builtin'] }),
  );
  return network;
}

function logInWithRole(role: TRole) {
  logInAs(createUserInfo({ role }));
}

describe('moderation console (/admin, ADR 0014)', () => {
  it('shows a visitor the 404 page and loads nothing of the console', async () => {
    const { router } = renderApp('/admin');
    expect(
      await screen.findByText('Page not found', {}, { timeout: LOAD_TIMEOUT_MS }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.queryByTestId('admin-console')).not.toBeInTheDocument();
    expect(fakeNetwork().calls.filter((call) => call.path.includes('/admin/'))).toEqual([]);
  });

  it('shows a user the 404 page', async () => {
    logInWithRole('user');
    renderApp('/admin');
    expect(
      await screen.findByText('Page not found', {}, { timeout: LOAD_TIMEOUT_MS }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('admin-console')).not.toBeInTheDocument();
    expect(fakeNetwork().callsTo('GET', ADMIN_PATHS.summary)).toHaveLength(0);
  });

  it('lets in a user promoted since logging in, once getinfo says so', async () => {
    logInWithRole('user');
    serveConsole();
    serveUserInfo(createUserInfo({ role: 'moderator' }));
    renderApp('/admin');
    expect(
      await screen.findByTestId('admin-console', {}, { timeout: LOAD_TIMEOUT_MS }),
    ).toBeInTheDocument();
  });

  it('shows a moderator the queue counts and approves a work', async () => {
    logInWithRole('moderator');
    const network = serveConsole();
    const { user } = renderApp('/admin', FAST_USER);
    const summary = await screen.findByTestId('admin-summary', {}, { timeout: LOAD_TIMEOUT_MS });
    await waitFor(() => expect(summary).toHaveTextContent('Works in review3'));
    expect(summary).toHaveTextContent('Open appeals1');
    expect(summary).toHaveTextContent('Open reports5');
    expect(summary).toHaveTextContent('Open feedback2');
    const card = await screen.findByTestId('review-11');
    expect(card).toHaveTextContent('Lithophane lamp');
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(network.callsTo('POST', ADMIN_PATHS.approve(11))).toHaveLength(1));
    expect(await screen.findByText('The work is published.')).toBeInTheDocument();
  });

  it('fetches only the list the content tab shows: posts, then comments when chosen', async () => {
    logInWithRole('moderator');
    const network = serveConsole();
    const person = { id: 9, nickname: 'Maker Nine', avatar: '' };
    network.on('GET', ADMIN_PATHS.posts, () =>
      envelopeReply(
        [
          {
            id: 41,
            user: person,
            content: 'A post about lamps',
            images: [],
            topic: null,
            like_count: 0,
            comment_count: 0,
            created_at: '2026-11-20T10:00:00Z',
          },
        ],
        200,
        'success',
        { total: 1 },
      ),
    );
    network.on('GET', ADMIN_PATHS.comments, () =>
      envelopeReply(
        [
          {
            id: 52,
            user: person,
            content: 'A comment on a work',
            work_id: 11,
            post_id: null,
            parent_id: null,
            created_at: '2026-11-21T10:00:00Z',
          },
        ],
        200,
        'success',
        { total: 1 },
      ),
    );
    const { user } = renderApp('/admin?tab=content', FAST_USER);
    expect(
      await screen.findByTestId('post-41', {}, { timeout: LOAD_TIMEOUT_MS }),
    ).toHaveTextContent('A post about lamps');
    expect(network.callsTo('GET', ADMIN_PATHS.comments)).toHaveLength(0);
    await user.click(screen.getByText('Recent comments'));
    expect(await screen.findByTestId('comment-52')).toHaveTextContent('A comment on a work');
    expect(screen.queryByTestId('post-41')).not.toBeInTheDocument();
    expect(network.callsTo('GET', ADMIN_PATHS.posts)).toHaveLength(1);
  });

  it('names feedback without an account as sent by a visitor, with its pictures', async () => {
    logInWithRole('moderator');
    const network = serveConsole();
    network.on('GET', ADMIN_PATHS.feedback, () =>
      envelopeReply(
        [
          {
            id: 7,
            user: null,
            suggestion: 'Dark mode please',
            contact: null,
            pictures: ['/files/fb/one.webp'],
            status: 'open',
            locale: 'en',
            created_at: '2026-11-20T10:00:00Z',
            updated_at: '2026-11-20T10:00:00Z',
          },
        ],
        200,
        'success',
        { total: 1, counts: { open: 1, answered: 0, closed: 0 } },
      ),
    );
    renderApp('/admin?tab=feedback', FAST_USER);
    const card = await screen.findByTestId('feedback-7', {}, { timeout: LOAD_TIMEOUT_MS });
    expect(card).toHaveTextContent('by a visitor');
    expect(within(card).getByRole('img', { name: 'Picture 1' })).toBeInTheDocument();
  });

  it('shows a work’s own audit entries under it', async () => {
    logInWithRole('moderator');
    const network = serveConsole();
    network.on('GET', ADMIN_PATHS.audit, (request) =>
      envelopeReply(
        request.query.get('item_id') === '11'
          ? [
              {
                id: 1,
                actor: { id: 3, nickname: 'Mod Three' },
                action: 'work_reject',
                item_kind: 'work',
                item_id: 11,
                reason: 'Missing or broken files',
                detail: {},
                created_at: '2026-11-20T10:00:00Z',
              },
            ]
          : [],
        200,
        'success',
        { total: 1 },
      ),
    );
    const { user } = renderApp('/admin', FAST_USER);
    const card = await screen.findByTestId('review-11', {}, { timeout: LOAD_TIMEOUT_MS });
    await user.click(within(card).getByTestId('item-history'));
    expect(await within(card).findByText('Work rejected')).toBeInTheDocument();
    expect(within(card).getByText('Mod Three')).toBeInTheDocument();
    const [call] = network.callsTo('GET', ADMIN_PATHS.audit);
    expect(call?.query.get('item_kind')).toBe('work');
  });

  it('rejects with a preset reason, sending its code for the author to read in their language', async () => {
    logInWithRole('moderator');
    const network = serveConsole();
    const { user } = renderApp('/admin', FAST_USER);
    const card = await screen.findByTestId('review-12', {}, { timeout: LOAD_TIMEOUT_MS });
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Not your own work'));
    // The field's label follows the choice once the form has re-rendered.
    await user.type(
      await within(dialog).findByLabelText('Note to the author (optional)'),
      'Credit the original maker',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(network.callsTo('POST', ADMIN_PATHS.reject(12))).toHaveLength(1));
    expect(network.callsTo('POST', ADMIN_PATHS.reject(12))[0]?.body).toEqual({
      preset: 'notOwn',
      reason: 'Credit the original maker',
    });
  });

  it("rejects with 'Other' only once a reason is written, and sends it as written", async () => {
    logInWithRole('moderator');
    const network = serveConsole();
    const { user } = renderApp('/admin', FAST_USER);
    const card = await screen.findByTestId('review-12', {}, { timeout: LOAD_TIMEOUT_MS });
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Other'));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please give a reason.')).toBeInTheDocument();
    expect(network.callsTo('POST', ADMIN_PATHS.reject(12))).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason shown to the author'), 'Blurry photos');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(network.callsTo('POST', ADMIN_PATHS.reject(12))).toHaveLength(1));
    expect(network.callsTo('POST', ADMIN_PATHS.reject(12))[0]?.body).toEqual({
      reason: 'Blurry photos',
    });
  });

  it('hides the role change and the word editing from a moderator', async () => {
    logInWithRole('moderator');
    serveConsole();
    const { user } = renderApp('/admin?tab=users', FAST_USER);
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Maker Nine · nine@example.com' },
        { timeout: LOAD_TIMEOUT_MS },
      ),
    );
    const drawer = await screen.findByTestId('admin-user');
    expect(within(drawer).getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    // The work's state in the moderator's language, not the stored code.
    expect(within(drawer).getByTestId('admin-user-work-41')).toHaveTextContent('In review');
    expect(within(drawer).queryByText('in_review')).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Sensitive words' }));
    expect(await screen.findByText('Only admins edit the list.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save the list' })).not.toBeInTheDocument();
  });

  it('gives an admin the role change and the word editing', async () => {
    logInWithRole('admin');
    serveConsole();
    const { user } = renderApp('/admin?tab=users', FAST_USER);
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Maker Nine · nine@example.com' },
        { timeout: LOAD_TIMEOUT_MS },
      ),
    );
    const drawer = await screen.findByTestId('admin-user');
    expect(within(drawer).getByRole('combobox', { name: 'Role' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Sensitive words' }));
    expect(await screen.findByRole('button', { name: 'Save the list' })).toBeInTheDocument();
  });
});
