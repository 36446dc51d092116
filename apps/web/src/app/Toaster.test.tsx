import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster';
import { MAX_TOASTS, showToast, TOAST_DURATION_MS } from './toasts';

describe('Toaster (our messages)', () => {
  it('announces a message as a status and an error as an alert, each gone after 3 s', () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      act(() => showToast('success', 'Saved'));
      act(() => vi.advanceTimersByTime(1_000));
      act(() => showToast('error', 'Could not save'));
      expect(screen.getByRole('status')).toHaveTextContent('Saved');
      expect(screen.getByRole('alert')).toHaveTextContent('Could not save');

      act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1_000));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.getByRole('alert')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1_000));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the newest few when many come at once', () => {
    render(<Toaster />);
    act(() => {
      for (let index = 1; index <= MAX_TOASTS + 2; index += 1) showToast('info', `Note ${index}`);
    });
    const shown = screen.getAllByRole('status').map((toast) => toast.textContent);
    expect(shown).toHaveLength(MAX_TOASTS);
    expect(shown.at(-1)).toBe(`Note ${MAX_TOASTS + 2}`);
    expect(shown).not.toContain('Note 1');
  });
});
