import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TimeAgo } from './TimeAgo';
import { TICK_MS } from './use-ticking-now';

describe('TimeAgo (SPEC 9 relative time)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves on by itself while it stays on screen', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z') });
    render(<TimeAgo value="2026-11-21T09:59:30Z" />);
    expect(screen.getByText('just now')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(TICK_MS * 2);
    });
    expect(screen.getByText('1 minute ago')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(TICK_MS * 4);
    });
    expect(screen.getByText('3 minutes ago')).toBeInTheDocument();
  });
});
