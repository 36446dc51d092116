import { apiPath, type TAuditEntry, type TRole } from '@layerline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUserInfo, FAST_USER, LOAD_TIMEOUT_MS, logInAs } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderApp } from '../../test/render-app';

/** The console's words: localised reasons, named and linked items, plural counts (SPEC 9). */
const USER = {
  id: 9,
  email: 'nine@example.com',
  nickname: 'Maker Nine',
  avatar: '',
  role: 'user' as TRole,
  points: 10,
  created_at: '2026-11-01T10:00:00Z',
  suspension: null,
};

const entry = (overrides: Partial<TAuditEntry>): TAuditEntry => ({
  id: 1,
  actor: { id: 3, nickname: 'Mod Three' },
  action: 'work_reject',
  item_kind: 'work',
  item_id: 62,
  reason: 'Not your own work\nCredit the maker',
  detail: {},
  created_at: '2026-11-20T10:00:00Z',
  item: null,
  reason_preset: null,
  reason_note: '',
  ...overrides,
});

const AUDIT = [
  entry({
    id: 1,
    item: { name: 'Lithophane lamp', work_id: null, post_id: null },
    reason_preset: 'notOwn',
    reason_note: 'Credit the maker',
  }),
  entry({
    id: 2,
    action: 'user_suspend',
    item_kind: 'user',
    item_id: 12,
    reason: 'Spam',
    item: { name: 'Spammy Sam', work_id: null, post_id: null },
  }),
  entry({
    id: 3,
    action: 'comment_delete',
    item_kind: 'comment',
    item_id: 5,
    reason: '',
    item: { name: 'Rude words', work_id: 62, post_id: null },
  }),
  entry({ id: 4, action: 'sensitive_words', item_kind: 'sensitive_words', item_id: 0 }),
];

function serve() {
  const network = fakeNetwork();
  network.on('GET', apiPath('admin.summary'), () =>
    envelopeReply({ works_in_review: 0, open_appeals: 0, open_reports: 0, open_feedback: 0 }),
  );
  network.on('GET', apiPath('moderation.works'), () =>
    envelopeReply([], 200, 'success', { total: 0 }),
  );
  network.on('GET', apiPath('admin.users'), () =>
    envelopeReply([USER], 200, 'success', { total: 1 }),
  );
  network.on('GET', apiPath('admin.user', { id: 9 }), () =>
    envelopeReply({
      ...USER,
      counts: { works: 1, posts: 2, comments: 1 },
      recent_works: [],
      recent_posts: [],
      points_ledger: [
        {
          id: 3,
          delta: -2,
          reason: 'ai_charge',
          note: '',
          balance_after: 10,
          created_at: '2026-11-03T10:00:00Z',
          ref_type: 'ai_job',
          ref_id: '77',
          ai_kind: 'remove_background',
        },
        {
          id: 2,
          delta: 2,
          reason: 'task',
          note: '',
          balance_after: 12,
          created_at: '2026-11-02T10:00:00Z',
          ref_type: 'task',
          ref_id: 'signin',
          ai_kind: null,
        },
        {
          id: 1,
          delta: 10,
          reason: 'daily_allowance',
          note: '',
          balance_after: 10,
          created_at: '2026-11-01T10:00:00Z',
          ref_type: 'daily_allowance',
          ref_id: '2026-11-01',
          ai_kind: null,
        },
      ],
    }),
  );
  network.on('GET', apiPath('admin.audit'), () =>
    envelopeReply(AUDIT, 200, 'success', { total: AUDIT.length }),
  );
  return network;
}

describe('the console’s words', () => {
  it('names the ledger’s reasons, the task and the AI job, and counts with plurals', async () => {
    logInAs(createUserInfo({ role: 'moderator' }));
    serve();
    const { user } = renderApp('/admin?tab=users', FAST_USER);
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Maker Nine · nine@example.com' },
        { timeout: LOAD_TIMEOUT_MS },
      ),
    );
    const drawer = await screen.findByTestId('admin-user');
    expect(within(drawer).getByTestId('admin-user-counts')).toHaveTextContent(
      '1 work · 2 posts · 1 comment',
    );
    expect(
      within(drawer).getByText('AI creation · Remove background (job #77)'),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('Task · Daily sign-in')).toBeInTheDocument();
    expect(within(drawer).getByText('Daily allowance')).toBeInTheDocument();
    for (const code of ['ai_charge', 'task', 'daily_allowance'])
      expect(within(drawer).queryByText(code)).not.toBeInTheDocument();
  });

  it('names and links the audit log’s items and words a preset in the reader’s language', async () => {
    logInAs(createUserInfo({ role: 'moderator' }));
    serve();
    renderApp('/admin?tab=audit', FAST_USER);
    const work = await screen.findByTestId('audit-item-1', {}, { timeout: LOAD_TIMEOUT_MS });
    expect(work).toHaveTextContent('Work: Lithophane lamp');
    expect(within(work).getByRole('link', { name: 'Lithophane lamp' })).toHaveAttribute(
      'href',
      '/work/62',
    );
    expect(screen.getByText('Not your own work · Credit the maker')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('audit-item-2')).getByRole('link', { name: 'Spammy Sam' }),
    ).toHaveAttribute('href', '/userInfor/12');
    expect(
      within(screen.getByTestId('audit-item-3')).getByRole('link', { name: 'Rude words' }),
    ).toHaveAttribute('href', '/work/62');
    await waitFor(() => expect(screen.queryByText(/#0|#62|#12/)).not.toBeInTheDocument());
  });

  it('asks before approving and publishing an appealed work', async () => {
    logInAs(createUserInfo({ role: 'moderator' }));
    const network = serve();
    network.on('GET', apiPath('admin.appeals'), () =>
      envelopeReply(
        [
          {
            id: 4,
            status: 'open',
            reason: 'It is my own design',
            rejection_reason: 'Not your own work',
            user: { id: 9, nickname: 'Maker Nine' },
            created_at: '2026-11-20T10:00:00Z',
            resolved_at: null,
            work: {
              id: 62,
              title: 'Lithophane lamp',
              summary: '',
              status: 'rejected',
              cover: [],
              updated_at: '2026-11-20T10:00:00Z',
            },
          },
        ],
        200,
        'success',
        { total: 1 },
      ),
    );
    network.on('POST', apiPath('moderation.approve', { id: 62 }), () =>
      envelopeReply({ id: 62, status: 'published', rejection_reason: '' }),
    );
    const { user } = renderApp('/admin?tab=appeals', FAST_USER);
    const card = await screen.findByTestId('appeal-4', {}, { timeout: LOAD_TIMEOUT_MS });
    await user.click(within(card).getByRole('button', { name: 'Approve and publish' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Publish “Lithophane lamp”?');
    expect(network.callsTo('POST', apiPath('moderation.approve', { id: 62 }))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(network.callsTo('POST', apiPath('moderation.approve', { id: 62 }))).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Approve and publish' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'Approve and publish' }));
    await waitFor(() =>
      expect(network.callsTo('POST', apiPath('moderation.approve', { id: 62 }))).toHaveLength(1),
    );
    expect(await screen.findByText('The work is published.')).toBeInTheDocument();
  });

  it('suspends for a chosen number of days', async () => {
    logInAs(createUserInfo({ role: 'moderator' }));
    const network = serve();
    network.on('POST', apiPath('admin.suspend', { id: 9 }), () =>
      envelopeReply({
        ...USER,
        suspension: { reason: 'Cool down', at: '2026-11-29T10:00:00Z', by: 3, until: null },
      }),
    );
    const { user } = renderApp('/admin?tab=users', FAST_USER);
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Maker Nine · nine@example.com' },
        { timeout: LOAD_TIMEOUT_MS },
      ),
    );
    const drawer = await screen.findByTestId('admin-user');
    // Its messages are moved below its title by this class (admin.css).
    expect(drawer.closest('.admin-user-drawer')).not.toBeNull();
    await user.click(within(drawer).getByRole('button', { name: 'Suspend' }));
    const title = await screen.findByText('Suspend Maker Nine');
    const dialog = title.closest<HTMLElement>('.ant-modal') ?? document.body;
    for (const label of ['1 day', '7 days', '30 days', 'Until lifted'])
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Until lifted')).toBeChecked();
    await user.click(within(dialog).getByLabelText('7 days'));
    await user.type(within(dialog).getByLabelText('Reason'), 'Cool down');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(network.callsTo('POST', apiPath('admin.suspend', { id: 9 }))).toHaveLength(1),
    );
    expect(network.callsTo('POST', apiPath('admin.suspend', { id: 9 }))[0]?.body).toEqual({
      reason: 'Cool down',
      days: 7,
    });
  });
});
