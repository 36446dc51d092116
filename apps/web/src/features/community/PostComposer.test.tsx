import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useUiStore } from '../../stores/ui.store';
import { createUserInfo, fill, logInAs } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork, type TNetworkRequest } from '../../test/fake-network';
import { uploadResult } from '../works/publish/publish.fakes';
import { createWorkCard } from '../works/test-fakes';
import {
  createPost,
  deferred,
  feedCalls,
  openCommunity,
  postCard,
  serveFeed,
} from './community.fakes';
import { useComposerDraft } from './composer-draft.store';

const ME = createUserInfo({ userId: 7, nickName: 'Maker Seven' });
const CREATE = '/api/v1/community/post';
const UPLOAD = '/api/v1/resource/upload';

const composer = () => within(screen.getByTestId('post-composer'));
const content = () => screen.getByTestId('post-content');
/** The composer opens where the folded box had the focus, once its chunk is there. */
async function openComposer(user: { click: (element: Element) => Promise<void> }) {
  await user.click(content());
  await screen.findByTestId('post-submit');
}
const counter = () => screen.getByTestId('post-counter');
const png = (name: string, size = 1000) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });

function serveUploads() {
  fakeNetwork().on('POST', UPLOAD, (request) => envelopeReply(uploadResult(request)));
}

afterEach(() => {
  act(() => useComposerDraft.getState().clear());
});

describe('post composer (SPEC 5 Post)', () => {
  it('stays folded to its text box until used', async () => {
    serveFeed('recommend', []);
    const { user } = await openCommunity();
    expect(screen.queryByTestId('post-submit')).toBeNull();
    expect(screen.queryByTestId('post-add-images')).toBeNull();
    await openComposer(user);
    expect(screen.getByTestId('post-submit')).toBeInTheDocument();
    expect(screen.getByTestId('post-add-images')).toBeInTheDocument();
  });

  it('counts characters live and shows the contract messages in the current language', async () => {
    logInAs(ME);
    serveFeed('recommend', []);
    const { user } = await openCommunity();
    await openComposer(user);
    expect(counter()).toHaveTextContent('0/1000');
    fill(content(), 'Hello makers');
    expect(counter()).toHaveTextContent('12/1000');

    fill(content(), '   ');
    await user.click(screen.getByTestId('post-submit'));
    expect(await screen.findByTestId('post-error')).toHaveTextContent(
      'Please enter post content, text is required',
    );
    expect(fakeNetwork().callsTo('POST', CREATE)).toHaveLength(0);

    fill(content(), 'x'.repeat(1001));
    expect(counter()).toHaveTextContent('1001/1000');
    expect(screen.getByTestId('post-error')).toHaveTextContent(
      'Content length cannot exceed 1000 characters',
    );
    await user.click(screen.getByTestId('post-submit'));
    expect(fakeNetwork().callsTo('POST', CREATE)).toHaveLength(0);

    fill(content(), 'x'.repeat(1000));
    expect(screen.queryByTestId('post-error')).toBeNull();
  });

  it('says both messages in Chinese too', async () => {
    logInAs(ME);
    serveFeed('recommend', []);
    const { i18n } = await import('../../i18n/i18n');
    await act(() => i18n.changeLanguage('zh'));
    try {
      const { user } = await openCommunity();
      await openComposer(user);
      await user.click(screen.getByTestId('post-submit'));
      expect(await screen.findByTestId('post-error')).toHaveTextContent(
        '请输入帖子内容，文字为必填项',
      );
      fill(content(), 'x'.repeat(1001));
      expect(screen.getByTestId('post-error')).toHaveTextContent('内容长度不能超过 1000 个字符');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('takes up to 9 images: the add box goes at 9 and the counter says n/9', async () => {
    logInAs(ME);
    serveFeed('recommend', []);
    serveUploads();
    const { user } = await openCommunity();
    await openComposer(user);
    const files = Array.from({ length: 7 }, (_, index) => png(`p${index}.png`));
    await user.upload(screen.getByTestId('post-image-input'), files);
    await waitFor(() => expect(screen.getAllByTestId('post-upload')).toHaveLength(7));
    expect(screen.getByTestId('post-image-count')).toHaveTextContent('7/9');

    // Four more chosen: two fit, the rest is refused with the contract's message.
    await user.upload(
      screen.getByTestId('post-image-input'),
      Array.from({ length: 4 }, (_, index) => png(`q${index}.png`)),
    );
    await waitFor(() => expect(screen.getAllByTestId('post-upload')).toHaveLength(9));
    expect(screen.getByTestId('post-image-count')).toHaveTextContent('9/9');
    expect(screen.getByTestId('post-image-problem')).toHaveTextContent(
      'A post can have at most 9 images',
    );
    expect(screen.queryByTestId('post-add-images')).toBeNull();
    expect(fakeNetwork().callsTo('POST', UPLOAD)).toHaveLength(9);
    expect(fakeNetwork().callsTo('POST', UPLOAD)[0]?.query.get('kind')).toBe('post');

    await user.click(screen.getAllByRole('button', { name: 'Remove image 9' })[0] as HTMLElement);
    await waitFor(() => expect(screen.getAllByTestId('post-upload')).toHaveLength(8));
    expect(screen.getByTestId('post-add-images')).toBeInTheDocument();
    expect(screen.getByTestId('post-image-count')).toHaveTextContent('8/9');
  });

  it('refuses what is not an image or is over 10MB before sending it', async () => {
    logInAs(ME);
    serveFeed('recommend', []);
    serveUploads();
    // The picker's accept list is only a hint: a file that gets past it is checked again.
    const { user } = await openCommunity('/community', { applyAccept: false });
    await openComposer(user);
    const input = screen.getByTestId('post-image-input');
    await user.upload(input, new File(['%PDF'], 'guide.pdf', { type: 'application/pdf' }));
    expect(screen.getByTestId('post-image-problem')).toHaveTextContent(
      'Only JPG, PNG, GIF or WebP images can be added.',
    );
    await user.upload(input, png('huge.png', 10 * 1024 * 1024 + 1));
    expect(screen.getByTestId('post-image-problem')).toHaveTextContent(
      'An image can be at most 10MB.',
    );
    expect(screen.queryAllByTestId('post-upload')).toHaveLength(0);
    expect(fakeNetwork().callsTo('POST', UPLOAD)).toHaveLength(0);
  });

  it('shows each upload’s progress, blocks Post while it runs, and a removed one is stopped', async () => {
    logInAs(ME);
    serveFeed('recommend', []);
    const answers: { request: TNetworkRequest; resolve: (response: Response) => void }[] = [];
    fakeNetwork().on('POST', UPLOAD, (request) => {
      const answer = deferred<Response>();
      answers.push({ request, resolve: answer.resolve });
      return answer.promise;
    });
    const { user } = await openCommunity();
    await openComposer(user);
    fill(content(), 'Two angles of the same print');
    await user.upload(screen.getByTestId('post-image-input'), [png('a.png'), png('b.png')]);
    await waitFor(() => expect(answers).toHaveLength(2));
    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(2);
    expect(bars[0]).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByTestId('post-submit')).toBeDisabled();
    expect(composer().getByRole('status')).toHaveTextContent('Images are still uploading…');

    await user.click(screen.getByRole('button', { name: 'Stop uploading image 2' }));
    expect(screen.getAllByTestId('post-upload')).toHaveLength(1);
    act(() => answers[0]?.resolve(envelopeReply(uploadResult(answers[0].request))));
    await waitFor(() =>
      expect(screen.getByTestId('post-upload')).toHaveAttribute('data-status', 'done'),
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('post-submit')).toBeEnabled();
  });

  it('posts, clears the composer, and the new post tops the square', async () => {
    logInAs(ME);
    const created = createPost({
      id: 300,
      user_id: 7,
      nickname: 'Maker Seven',
      content: 'My first lithophane',
      images: ['/files/post/a.png'],
      topic: 'lithophane',
    });
    let square = [createPost({ id: 200, content: 'Older post' })];
    serveFeed('square', () => square);
    serveUploads();
    fakeNetwork().on('POST', CREATE, () => {
      square = [created, ...square];
      return envelopeReply(created);
    });
    const { user } = await openCommunity('/community?tab=square');
    await openComposer(user);
    await screen.findByText('Older post');
    expect(feedCalls('square')).toHaveLength(1);

    fill(content(), '  My first lithophane  ');
    await user.upload(screen.getByTestId('post-image-input'), png('a.png'));
    await waitFor(() =>
      expect(screen.getByTestId('post-upload')).toHaveAttribute('data-status', 'done'),
    );
    fill(screen.getByTestId('post-topic-input'), '#lithophane');
    await user.click(screen.getByTestId('post-submit'));

    await waitFor(() => expect(fakeNetwork().callsTo('POST', CREATE)).toHaveLength(1));
    expect(fakeNetwork().callsTo('POST', CREATE)[0]?.body).toEqual({
      content: 'My first lithophane',
      images: ['/files/post/a.png'],
      work_id: null,
      topic: '#lithophane',
    });
    expect(await screen.findByText('Your post is live.')).toBeInTheDocument();
    await waitFor(() => expect(feedCalls('square')).toHaveLength(2));
    const cards = await screen.findAllByTestId('post-card');
    expect(cards[0]).toBe(postCard(300));
    expect(within(postCard(300)).getByTestId('post-topic')).toHaveTextContent('#lithophane');
    expect(content()).toHaveValue('');
    expect(screen.queryAllByTestId('post-upload')).toHaveLength(0);
    expect(counter()).toHaveTextContent('0/1000');
  });

  it('shows the envelope msg of a refusal (429, 406) and keeps the draft', async () => {
    logInAs(ME);
    serveFeed('recommend', []);
    fakeNetwork().on('POST', CREATE, () =>
      envelopeReply(null, 429, 'You are posting too often. Please try again later.'),
    );
    const { user } = await openCommunity();
    await openComposer(user);
    fill(content(), 'Another one');
    await user.click(screen.getByTestId('post-submit'));
    expect(
      await screen.findByText('You are posting too often. Please try again later.'),
    ).toBeInTheDocument();
    expect(content()).toHaveValue('Another one');

    fakeNetwork().on('POST', CREATE, () =>
      envelopeReply({ words: ['badword'] }, 406, 'The content contains sensitive words'),
    );
    // Another text: the client drops the same call repeated within 200 ms (SPEC 9).
    fill(content(), 'Another badword');
    await waitFor(() =>
      expect(screen.getByTestId('post-submit')).not.toHaveClass('ant-btn-loading'),
    );
    await user.click(screen.getByTestId('post-submit'));
    await waitFor(() => expect(fakeNetwork().callsTo('POST', CREATE)).toHaveLength(2));
    expect(
      await screen.findByText('The content contains sensitive words: badword'),
    ).toBeInTheDocument();
    expect(content()).toHaveValue('Another badword');
  });

  it('links one of my published works, offered from my works list', async () => {
    logInAs(ME);
    serveFeed('recommend', []);
    fakeNetwork().on('GET', '/api/v1/works', () =>
      envelopeReply(
        [
          createWorkCard({ id: 5, title: 'Walnut lamp', status: 'published' }),
          createWorkCard({ id: 6, title: 'Draft box', status: 'in_review' }),
        ],
        200,
        'success',
        { total: 2 },
      ),
    );
    fakeNetwork().on('POST', CREATE, () => envelopeReply(createPost({ id: 301, user_id: 7 })));
    const { user } = await openCommunity();
    await openComposer(user);
    expect(fakeNetwork().callsTo('GET', '/api/v1/works')).toHaveLength(0);
    await user.click(screen.getByRole('combobox', { name: 'Linked work' }));
    const option = await screen.findByRole('option', { name: 'Walnut lamp' });
    expect(screen.queryByRole('option', { name: 'Draft box' })).toBeNull();
    expect(fakeNetwork().callsTo('GET', '/api/v1/works')[0]?.query.get('mine')).toBe('1');
    await user.click(option);
    fill(content(), 'Made this lamp');
    await user.click(screen.getByTestId('post-submit'));
    await waitFor(() => expect(fakeNetwork().callsTo('POST', CREATE)).toHaveLength(1));
    expect(fakeNetwork().callsTo('POST', CREATE)[0]?.body).toMatchObject({ work_id: 5 });
  });

  it('shows a preview of the post before posting', async () => {
    logInAs(ME);
    serveFeed('recommend', []);
    const { user } = await openCommunity();
    await openComposer(user);
    fill(content(), 'Preview me');
    fill(screen.getByTestId('post-topic-input'), 'resin');
    await user.click(screen.getByTestId('post-preview-toggle'));
    const preview = within(screen.getByTestId('post-preview'));
    expect(preview.getByText('Preview me')).toBeInTheDocument();
    expect(preview.getByText('#resin')).toBeInTheDocument();
    expect(preview.getByText('Maker Seven')).toBeInTheDocument();
    await user.click(screen.getByTestId('post-preview-toggle'));
    expect(screen.queryByTestId('post-preview')).toBeNull();
  });

  it('asks a visitor to log in when posting, keeping what they wrote', async () => {
    serveFeed('recommend', []);
    const { user } = await openCommunity();
    await openComposer(user);
    fill(content(), 'Draft before login');
    await user.click(screen.getByTestId('post-submit'));
    expect(useUiStore.getState().loginDialog).toMatchObject({
      open: true,
      pendingRoute: '/community',
    });
    expect(fakeNetwork().callsTo('POST', CREATE)).toHaveLength(0);
    act(() => useUiStore.getState().closeLogin());
    expect(content()).toHaveValue('Draft before login');

    await user.click(screen.getByTestId('post-add-images'));
    expect(useUiStore.getState().loginDialog.open).toBe(true);
  });
});
