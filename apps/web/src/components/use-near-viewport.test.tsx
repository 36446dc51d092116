import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEAR_MARGIN, useNearViewport } from './use-near-viewport';

function Probe({
  label,
  useNear = useNearViewport,
}: {
  label: string;
  /** The hook of a freshly imported module, whose shared observer is made with a fake. */
  useNear?: typeof useNearViewport;
}) {
  const [ref, isNear] = useNear<HTMLDivElement>();
  return (
    <div ref={ref} data-testid={label}>
      {isNear ? 'near' : 'far'}
    </div>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('useNearViewport', () => {
  it('is near at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe label="card" />);
    expect(screen.getByTestId('card')).toHaveTextContent('near');
  });

  it('waits for one shared observer to report the element within a screen, then lets it go', async () => {
    const observed: Element[] = [];
    const unobserved: Element[] = [];
    let report: (entries: { target: Element; isIntersecting: boolean }[]) => void = () => undefined;
    const options: IntersectionObserverInit[] = [];
    class FakeObserver {
      constructor(callback: typeof report, init: IntersectionObserverInit) {
        report = callback;
        options.push(init);
      }
      observe(element: Element) {
        observed.push(element);
      }
      unobserve(element: Element) {
        unobserved.push(element);
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    // A fresh module, so its shared observer is made with the fake.
    const fresh = await import('./use-near-viewport');
    render(
      <>
        <Probe label="first" useNear={fresh.useNearViewport} />
        <Probe label="second" useNear={fresh.useNearViewport} />
      </>,
    );
    expect(options).toEqual([{ rootMargin: NEAR_MARGIN }]);
    expect(screen.getByTestId('first')).toHaveTextContent('far');
    const first = screen.getByTestId('first');
    const second = screen.getByTestId('second');
    expect(observed).toEqual([first, second]);

    act(() => report([{ target: first, isIntersecting: false }]));
    expect(first).toHaveTextContent('far');
    act(() => report([{ target: first, isIntersecting: true }]));
    expect(first).toHaveTextContent('near');
    expect(second).toHaveTextContent('far');
    expect(unobserved).toContain(first);
  });
});
