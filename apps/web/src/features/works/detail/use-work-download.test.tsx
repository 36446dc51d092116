import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AntdScope } from '../../../app/AntdScope';
import { ApiBridge } from '../../../app/ApiBridge';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../app/query-client';
import { useUiStore } from '../../../stores/ui.store';
import { logInAs } from '../../../test/auth-fakes';
import { fakeNetwork } from '../../../test/fake-network';
import { stubFileSaving } from '../test-fakes';
import { useWorkDownload } from './use-work-download';

const DOWNLOAD = '/api/v1/works/download/5';

function wrapper({ children }: { children: ReactNode }) {
  return (
    <AppProviders queryClient={createQueryClient()}>
      <ApiBridge />
      <AntdScope>{children}</AntdScope>
    </AppProviders>
  );
}

/** The server's answer: the file itself, named in UTF-8 (RFC 5987). */
function serveDownloads() {
  fakeNetwork().on('GET', DOWNLOAD, (request) => {
    const file = request.query.get('file');
    const name = file === null ? '月球灯.zip' : `part-${file}.stl`;
    return new Response(new Uint8Array([1, 2, 3]), {
      headers: {
        'content-type': 'application/octet-stream',
        'content-disposition': `attachment; filename="_"; filename*=UTF-8''${encodeURIComponent(name)}`,
      },
    });
  });
}

let saving: ReturnType<typeof stubFileSaving>;

beforeEach(() => {
  saving = stubFileSaving();
});

afterEach(() => {
  vi.useRealTimers();
  saving.restore();
});

describe('useWorkDownload (SPEC 4 download guard, SPEC 5 login)', () => {
  it('opens the login dialog for a visitor, remembering where they were', () => {
    serveDownloads();
    const { result } = renderHook(() => useWorkDownload(5), { wrapper });
    act(() => result.current.start({ key: '0', fileIndex: 0, fallbackName: 'lamp.stl' }));
    expect(useUiStore.getState().loginDialog.open).toBe(true);
    expect(useUiStore.getState().loginDialog.pendingRoute).toBe(window.location.pathname);
    expect(fakeNetwork().callsTo('GET', DOWNLOAD)).toHaveLength(0);
  });

  it('debounces clicks, refuses one during the lock, and saves under the server name', async () => {
    vi.useFakeTimers({ now: 10_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    logInAs();
    serveDownloads();
    const { result } = renderHook(() => useWorkDownload(5), { wrapper });
    const file = (index: number) => ({
      key: String(index),
      fileIndex: index,
      fallbackName: 'x.stl',
    });

    act(() => result.current.start(file(0)));
    expect(result.current.activeKey).toBe('0');
    await act(() => vi.advanceTimersByTimeAsync(100));
    act(() => result.current.start(file(1)));
    await act(() => vi.advanceTimersByTimeAsync(100));
    const calls = fakeNetwork().callsTo('GET', DOWNLOAD);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query.get('file')).toBe('0');
    expect(calls[0]?.authorization).toBe('Bearer access-0');
    expect(saving.saved).toEqual(['part-0.stl']);

    // 600 ms after the last click, 700 ms after the download began: refused.
    await act(() => vi.advanceTimersByTimeAsync(500));
    act(() => result.current.start(file(1)));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('downloading, please wait')).toBeInTheDocument();
    expect(fakeNetwork().callsTo('GET', DOWNLOAD)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(result.current.activeKey).toBeNull();
    act(() => result.current.start({ key: 'all', fallbackName: 'all.zip' }));
    await act(() => vi.advanceTimersByTimeAsync(100));
    const all = fakeNetwork().callsTo('GET', DOWNLOAD);
    expect(all).toHaveLength(2);
    expect(all[1]?.query.has('file')).toBe(false);
    expect(saving.saved).toEqual(['part-0.stl', '月球灯.zip']);
  });
});
