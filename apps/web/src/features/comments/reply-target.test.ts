import { describe, expect, it } from 'vitest';
import { planComment, replyPrefix, type TReplyContext } from './reply-target';

// Alice wrote comment 100; Bob Stone replied (101), then Alice again (102).
const CONTEXT: TReplyContext = {
  threadId: 100,
  targetId: 101,
  userId: 12,
  name: 'Bob Stone',
  participants: [
    { userId: 11, name: 'Alice', itemId: 102 },
    { userId: 12, name: 'Bob Stone', itemId: 101 },
  ],
};

describe('planComment (SPEC 5 comment and reply rules)', () => {
  it('is a comment on the work without a reply button', () => {
    expect(planComment('  Nice lamp  ', null)).toEqual({ content: 'Nice lamp', pre_next: 0 });
    expect(planComment('@Alice hi', null)).toEqual({ content: '@Alice hi', pre_next: 0 });
  });

  it("answers the reply button's item when its '@name ' prefix is kept", () => {
    expect(planComment(`${replyPrefix('Bob Stone')}thanks!`, CONTEXT)).toEqual({
      content: 'thanks!',
      pre_next: 101,
      replyTo: 12,
    });
  });

  it('takes another name of the thread as the target', () => {
    expect(planComment('@Alice  agreed', CONTEXT)).toEqual({
      content: 'agreed',
      pre_next: 102,
      replyTo: 11,
    });
  });

  it('sends an unknown name to the thread for the server to resolve', () => {
    expect(planComment('@Carol see this', CONTEXT)).toEqual({
      content: 'see this',
      pre_next: 100,
      replyTo: 'Carol',
    });
  });

  it('is a comment when the prefix was removed, and empty when only the prefix is left', () => {
    expect(planComment('plain words', CONTEXT)).toEqual({ content: 'plain words', pre_next: 0 });
    expect(planComment('@Bob Stone   ', CONTEXT).content).toBe('');
    expect(planComment('@Bob Stone', CONTEXT)).toMatchObject({ content: '', pre_next: 101 });
  });
});
