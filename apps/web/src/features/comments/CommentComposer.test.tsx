import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUserInfo, fill, logInAs } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { serveWork } from '../works/test-fakes';
import { createComment, createReply, serveComments } from './comments.fakes';
import {
  commentItem as item,
  openWorkComments as openWork,
  ownButton,
  shownIds,
} from './comments.test-helpers';

const ME = createUserInfo({ userId: 7, nickName: 'Maker Seven' });
const PUT_COMMENT = '/api/v1/comment/put_comment';

afterEach(() => {
  vi.useRealTimers();
});

describe('comment input (SPEC 5)', () => {
  it('keeps send disabled for blank text, posts, and highlights the new comment for 3000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    logInAs(ME);
    serveWork();
    serveComments([createComment()], { commentTotal: 4 });
    const created = createComment({
      ID: 300,
      UserID: 7,
      NickName: 'Maker Seven',
      Content: 'Hello',
    });
    fakeNetwork().on('POST', PUT_COMMENT, () =>
      envelopeReply(created, 200, 'success', { comment_total: 5 }),
    );
    const { user } = await openWork();
    await screen.findByText('Great lamp');
    const input = screen.getByTestId('comment-input');
    const send = screen.getByTestId('comment-send');
    expect(send).toBeDisabled();
    fill(input, '   \n  ');
    expect(send).toBeDisabled();
    fill(input, '  Hello ');
    expect(send).toBeEnabled();
    await user.click(send);

    await waitFor(() => expect(shownIds('comment')).toEqual([300, 100]));
    expect(fakeNetwork().callsTo('POST', PUT_COMMENT)[0]?.body).toEqual({
      work_id: 5,
      content: 'Hello',
      user_id: 7,
      pre_next: 0,
    });
    expect(input).toHaveValue('');
    expect(screen.getByTestId('work-comments')).toHaveTextContent('5');
    expect(item(300)).toHaveAttribute('data-highlighted', 'true');
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(item(300)).toHaveAttribute('data-highlighted', 'true');
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(item(300)).not.toHaveAttribute('data-highlighted');
  });

  it('sends on Enter, keeps Shift + Enter as a new line, and leaves an input method its Enter', async () => {
    logInAs(ME);
    serveWork();
    serveComments([createComment()], { commentTotal: 4 });
    fakeNetwork().on('POST', PUT_COMMENT, (request) =>
      envelopeReply(
        createComment({
          ID: 301,
          UserID: 7,
          Content: (request.body as { content: string }).content,
        }),
        200,
        'success',
        { comment_total: 5 },
      ),
    );
    const { user } = await openWork();
    await screen.findByText('Great lamp');
    const input = screen.getByTestId('comment-input');
    await user.click(input);
    await user.keyboard('First line{Shift>}{Enter}{/Shift}second');
    expect(input).toHaveValue('First line\nsecond');
    expect(fakeNetwork().callsTo('POST', PUT_COMMENT)).toHaveLength(0);
    // An input method confirming its word with Enter does not send.
    act(() => {
      input.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', keyCode: 229, bubbles: true }),
      );
    });
    expect(fakeNetwork().callsTo('POST', PUT_COMMENT)).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fakeNetwork().callsTo('POST', PUT_COMMENT)).toHaveLength(1));
    expect(fakeNetwork().callsTo('POST', PUT_COMMENT)[0]?.body).toMatchObject({
      content: 'First line\nsecond',
    });
    await waitFor(() => expect(input).toHaveValue(''));
    // Enter in an empty box sends nothing and adds no line.
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('');
    expect(fakeNetwork().callsTo('POST', PUT_COMMENT)).toHaveLength(1);
  });

  it("replies with the '@name ' prefix picking the target (SPEC 5)", async () => {
    logInAs(ME);
    serveWork();
    const bobReply = createReply({ ID: 101, UserID: 12, NickName: 'Bob' });
    serveComments([createComment({ ID: 100, Replies: [bobReply] })]);
    let nextId = 400;
    fakeNetwork().on('POST', PUT_COMMENT, (request) => {
      nextId += 1;
      const body = request.body as { content: string };
      // put_comment answers a new reply in the comment shape too: empty Replies, reply_count 0.
      const reply = createComment({
        ...createReply({ ID: nextId, UserID: 7, NickName: 'Maker Seven', Content: body.content }),
      });
      return envelopeReply(reply, 200, 'success', { comment_total: 3 });
    });
    const { user } = await openWork();
    await screen.findByText('Printed it too!');

    // Replying to Bob's reply prefills '@Bob '; the reply answers that reply.
    await user.click(ownButton(101, 'reply-button') as HTMLElement);
    const input = screen.getByTestId('comment-input');
    expect(input).toHaveValue('@Bob ');
    expect(screen.getByTestId('comment-send')).toBeDisabled();
    fill(input, '@Bob thanks!');
    await user.click(screen.getByTestId('comment-send'));
    await waitFor(() => expect(shownIds('reply')).toEqual([101, 401]));
    expect(fakeNetwork().callsTo('POST', PUT_COMMENT)[0]?.body).toMatchObject({
      content: 'thanks!',
      pre_next: 101,
      replyTo: 12,
    });

    // From Alice's comment, a changed prefix names Bob instead: his reply is the target.
    await user.click(ownButton(100, 'reply-button') as HTMLElement);
    expect(input).toHaveValue('@Alice ');
    fill(input, '@Bob see above');
    await user.click(screen.getByTestId('comment-send'));
    await waitFor(() => expect(fakeNetwork().callsTo('POST', PUT_COMMENT)).toHaveLength(2));
    expect(fakeNetwork().callsTo('POST', PUT_COMMENT)[1]?.body).toMatchObject({
      content: 'see above',
      pre_next: 101,
      replyTo: 12,
    });

    // Without the prefix it is a comment on the work.
    await user.click(ownButton(100, 'reply-button') as HTMLElement);
    fill(input, 'Just a comment');
    await user.click(screen.getByTestId('comment-send'));
    await waitFor(() => expect(fakeNetwork().callsTo('POST', PUT_COMMENT)).toHaveLength(3));
    expect(fakeNetwork().callsTo('POST', PUT_COMMENT)[2]?.body).toMatchObject({
      content: 'Just a comment',
      pre_next: 0,
    });
  });

  it('shows the sensitive words of a 406 and keeps the text', async () => {
    logInAs(ME);
    serveWork();
    serveComments([]);
    fakeNetwork().on('POST', PUT_COMMENT, () =>
      envelopeReply({ words: ['badword'] }, 406, 'The content contains sensitive words: badword'),
    );
    const { user } = await openWork();
    await screen.findByText('No comments yet. Be the first to share your thoughts.');
    fill(screen.getByTestId('comment-input'), 'a badword here');
    await user.click(screen.getByTestId('comment-send'));
    expect(
      await screen.findByText('The content contains sensitive words: badword'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('comment-input')).toHaveValue('a badword here');
  });
});
