import { screen, within } from '@testing-library/react';
import { FAST_USER, LOAD_TIMEOUT_MS } from '../../test/auth-fakes';
import { renderApp } from '../../test/render-app';

/** Renders the app on a work and waits for its comment panel. */
export async function openWorkComments(path = '/work/5') {
  const view = renderApp(path, FAST_USER);
  await screen.findByTestId('comment-panel', {}, { timeout: LOAD_TIMEOUT_MS });
  return view;
}

/** A comment or reply by its id. */
export function commentItem(id: number): HTMLElement {
  const found = document.querySelector<HTMLElement>(
    `[data-testid="comment-item"][data-comment-id="${id}"]`,
  );
  if (!found) throw new Error(`no comment ${id}`);
  return found;
}

/** A button of the item itself, not of the replies inside it. */
export function ownButton(id: number, testId: string): HTMLElement | null {
  const element = commentItem(id);
  return (
    within(element)
      .queryAllByTestId(testId)
      .find((button) => button.closest('[data-testid="comment-item"]') === element) ?? null
  );
}

/** Ids of the comments or of the replies shown, in order. */
export function shownIds(kind: 'comment' | 'reply'): number[] {
  return screen
    .queryAllByTestId('comment-item')
    .filter((element) => element.dataset.commentKind === kind)
    .map((element) => Number(element.dataset.commentId));
}
