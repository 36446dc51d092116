import { afterEach, describe, expect, it } from 'vitest';
import {
  feedback,
  hostedAppApi,
  isFeedbackHostWanted,
  registerFeedbackHost,
  type TFeedbackHostApi,
} from './feedback';

/** A host whose methods record their calls, in order, in `calls`. */
function recordingHost() {
  const calls: string[] = [];
  const record =
    (part: string, name: string) =>
    (...args: unknown[]) =>
      calls.push(`${part}.${name}(${JSON.stringify(args[0])})`);
  const api = {
    message: { success: record('message', 'success'), error: record('message', 'error') },
    modal: { confirm: record('modal', 'confirm') },
    notification: { info: record('notification', 'info') },
  } as unknown as TFeedbackHostApi;
  return { api, calls };
}

afterEach(() => {
  registerFeedbackHost(null);
});

describe('feedback (one message host, loaded with the first call)', () => {
  it('asks for the host on the first call and shows what waited, in order, once it is there', () => {
    feedback.message.success('saved');
    expect(isFeedbackHostWanted()).toBe(true);
    feedback.modal.confirm({ title: 'Log out?' });
    const { api, calls } = recordingHost();
    expect(calls).toEqual([]);
    registerFeedbackHost(api);
    expect(calls).toEqual(['message.success("saved")', 'modal.confirm({"title":"Log out?"})']);

    // Once there, a call goes straight to it.
    feedback.message.error('failed');
    expect(calls.at(-1)).toBe('message.error("failed")');
  });

  it("answers App.useApp() in a page's scope with the same host", () => {
    const { api, calls } = recordingHost();
    registerFeedbackHost(api);
    hostedAppApi.notification.info({ message: 'new follower' });
    hostedAppApi.message.success('published');
    expect(calls).toEqual([
      'notification.info({"message":"new follower"})',
      'message.success("published")',
    ]);
  });

  it('keeps calls made after the host unmounts until one is there again', () => {
    const first = recordingHost();
    registerFeedbackHost(first.api);
    registerFeedbackHost(null);
    feedback.message.success('later');
    expect(first.calls).toEqual([]);
    const second = recordingHost();
    registerFeedbackHost(second.api);
    expect(second.calls).toEqual(['message.success("later")']);
  });
});
