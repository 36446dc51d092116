import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  feedback,
  hostedAppApi,
  isFeedbackHostWanted,
  registerFeedbackHost,
  type TFeedbackHostApi,
} from './feedback';
import { currentToasts, TOAST_DURATION_MS } from './toasts';

/** A host whose methods record their calls, in order, in `calls`. */
function recordingHost() {
  const calls: string[] = [];
  const record =
    (part: string, name: string) =>
    (...args: unknown[]) =>
      calls.push(`${part}.${name}(${JSON.stringify(args[0])})`);
  const api = {
    modal: { confirm: record('modal', 'confirm'), warning: record('modal', 'warning') },
    notification: { info: record('notification', 'info') },
  } as unknown as TFeedbackHostApi;
  return { api, calls };
}

afterEach(() => {
  registerFeedbackHost(null);
});

describe('feedback: our messages at once, antd confirmations from a host loaded with the first call', () => {
  it('shows a message at once, for 3 s, without asking for the antd host', () => {
    vi.useFakeTimers();
    try {
      feedback.message.success('saved');
      hostedAppApi.message.error('failed');
      expect(currentToasts().map(({ kind, content }) => [kind, content])).toEqual([
        ['success', 'saved'],
        ['error', 'failed'],
      ]);
      expect(isFeedbackHostWanted()).toBe(false);
      vi.advanceTimersByTime(TOAST_DURATION_MS);
      expect(currentToasts()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for the host on the first confirmation and shows what waited, in order, once it is there', () => {
    feedback.modal.confirm({ title: 'Log out?' });
    expect(isFeedbackHostWanted()).toBe(true);
    feedback.modal.warning({ title: 'Expired' });
    const { api, calls } = recordingHost();
    expect(calls).toEqual([]);
    registerFeedbackHost(api);
    expect(calls).toEqual([
      'modal.confirm({"title":"Log out?"})',
      'modal.warning({"title":"Expired"})',
    ]);

    // Once there, a call goes straight to it.
    feedback.modal.confirm({ title: 'Delete?' });
    expect(calls.at(-1)).toBe('modal.confirm({"title":"Delete?"})');
  });

  it("answers App.useApp() in a page's scope with the same host", () => {
    const { api, calls } = recordingHost();
    registerFeedbackHost(api);
    hostedAppApi.notification.info({ message: 'new follower' });
    hostedAppApi.modal.confirm({ title: 'Publish?' });
    expect(calls).toEqual([
      'notification.info({"message":"new follower"})',
      'modal.confirm({"title":"Publish?"})',
    ]);
  });

  it('keeps calls made after the host unmounts until one is there again', () => {
    const first = recordingHost();
    registerFeedbackHost(first.api);
    registerFeedbackHost(null);
    feedback.modal.confirm({ title: 'later' });
    expect(first.calls).toEqual([]);
    const second = recordingHost();
    registerFeedbackHost(second.api);
    expect(second.calls).toEqual(['modal.confirm({"title":"later"})']);
  });
});
