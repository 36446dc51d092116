import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../i18n/format';
import { useSessionStore } from '../../stores/session.store';
import { createUserInfo, LOAD_TIMEOUT_MS } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderApp } from '../../test/render-app';

/** A suspension with an end says until when (ADR 0014); one until lifted does not. */
describe('suspension notice: until when', () => {
  it('names the end of a suspension of some days', async () => {
    useSessionStore.getState().setToken('access-0');
    useSessionStore.getState().setRefreshToken('refresh-0');
    const until = '2026-12-06T10:00:00.000Z';
    fakeNetwork().on('GET', '/api/v1/user/getinfo', () =>
      envelopeReply(
        createUserInfo({
          suspension: { reason: 'Cool down', at: '2026-11-29T10:00:00.000Z', until },
        }),
      ),
    );
    renderApp('/community');
    const notice = await screen.findByTestId('suspension-notice', {}, { timeout: LOAD_TIMEOUT_MS });
    expect(notice).toHaveTextContent(
      `Your account is suspended: Cool down · until ${formatDateTime(until)}`,
    );
  });
});
