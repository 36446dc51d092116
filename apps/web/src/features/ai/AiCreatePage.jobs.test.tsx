import type { TAiJob } from '@layerline/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { createUserInfo, fill, LOAD_TIMEOUT_MS, logInAs } from '../../test/auth-fakes';
import { envelopeReply } from '../../test/fake-network';
import { FakeEventSource } from '../notifications/notifications.fakes';
import { createJob } from './ai.fakes';
import { openAiPage, serveAiPage } from './ai-page.fakes';

/** Which parts of the page were scrolled into view, in order. */
let scrolled: string[] = [];
beforeEach(() => {
  scrolled = [];
  FakeEventSource.install();
  Element.prototype.scrollIntoView = function record(this: Element) {
    if (this.querySelector('[data-testid="ai-progress"]')) scrolled.push('progress');
    else if (this.querySelector('[data-testid="ai-result"]')) scrolled.push('result');
    else scrolled.push(this.tagName);
  };
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

const LOGO_RESULT = ['/files/ai/logo-1.svg'];

function logoJob(overrides: Partial<TAiJob>): TAiJob {
  return createJob({
    kind: 'text_to_logo',
    engine: 'local:opentype-logo',
    params: { text: 'Maple', widthMm: 80, cutOffsetMm: 2, count: 1 },
    size: '80 mm wide',
    cost: 1,
    ...overrides,
  });
}

function progressValue(): number {
  const bar = within(screen.getByTestId('ai-progress')).getByRole('progressbar');
  return Number(bar.getAttribute('aria-valuenow'));
}

describe('/aiCreate jobs one after another (SPEC 4: honest progress, results in view)', () => {
  it('starts the second job at 0 after the first ended at 100, and brings each part into view', async () => {
    logInAs();
    const network = serveAiPage();
    let nextId = 21;
    network.on('POST', '/api/v1/ai/jobs', () =>
      envelopeReply(logoJob({ id: nextId++, state: 'queued', stage: null, percent: 0 })),
    );
    network.on('GET', /\/files\/ai\/.*\.svg$/, () => new Response('<svg/>'));
    const { user } = await openAiPage('/aiCreate?tab=laser');
    await user.click(await screen.findByTestId('ai-tool-textToLogo'));
    fill(screen.getByLabelText(/Logo text/), 'Maple');
    await screen.findByText('You have 20 points', undefined, { timeout: LOAD_TIMEOUT_MS });

    await user.click(screen.getByTestId('ai-start'));
    await screen.findByTestId('ai-progress');
    expect(scrolled).toEqual(['progress']);
    await waitFor(() => expect(FakeEventSource.latest().url).toContain('/ai/jobs/21/events'));
    act(() =>
      FakeEventSource.latest().send(
        logoJob({
          id: 21,
          state: 'succeeded',
          stage: 'completed',
          percent: 100,
          resultFiles: LOGO_RESULT,
        }),
      ),
    );
    await screen.findByTestId('ai-result');
    expect(scrolled).toEqual(['progress', 'result']);

    // Another text: SPEC 7 drops an identical request sent again within 500 ms.
    fill(screen.getByLabelText(/Logo text/), 'Maple Workshop');
    // The button takes a click again once the first job's answer and balance are in, as a maker sees it.
    await waitFor(
      () => {
        const start = screen.getByTestId('ai-start');
        expect(start).toBeEnabled();
        expect(start).not.toHaveClass('ant-btn-loading');
      },
      { timeout: LOAD_TIMEOUT_MS },
    );
    await user.click(screen.getByTestId('ai-start'));
    await waitFor(() => expect(network.callsTo('POST', '/api/v1/ai/jobs')).toHaveLength(2), {
      timeout: LOAD_TIMEOUT_MS,
    });
    await screen.findByTestId('ai-progress');
    // The second job's bar starts empty, not at the first one's 100.
    expect(progressValue()).toBe(0);
    expect(scrolled).toEqual(['progress', 'result', 'progress']);
  });

  it('asks before cancelling a quick job, and says so when it finished before the cancel landed', async () => {
    logInAs();
    const running = logoJob({ id: 31, state: 'running', stage: 'loading_components', percent: 10 });
    const network = serveAiPage({ records: () => [running] });
    network.on('GET', '/api/v1/ai/jobs/31', () => envelopeReply(running));
    // The cancel reaches a job that is still running: the server only marks it.
    network.on('POST', '/api/v1/ai/jobs/31/cancel', () => envelopeReply(running));
    network.on('GET', /\/files\/ai\/.*\.svg$/, () => new Response('<svg/>'));
    const { user } = await openAiPage('/aiCreate?tab=laser');
    await waitFor(() => expect(FakeEventSource.latest().url).toContain('/ai/jobs/31/events'), {
      timeout: LOAD_TIMEOUT_MS,
    });
    act(() => FakeEventSource.latest().send(running));
    const progress = await screen.findByTestId('ai-progress');
    await user.click(within(progress).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Keep waiting' })).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/v1/ai/jobs/31/cancel')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel generation' }));
    await waitFor(() =>
      expect(network.callsTo('POST', '/api/v1/ai/jobs/31/cancel')).toHaveLength(1),
    );

    act(() =>
      FakeEventSource.latest().send(
        logoJob({
          id: 31,
          state: 'succeeded',
          stage: 'completed',
          percent: 100,
          resultFiles: LOGO_RESULT,
        }),
      ),
    );
    expect(await screen.findByTestId('ai-result')).toBeInTheDocument();
    expect(screen.getByTestId('ai-finished-before-cancel')).toHaveTextContent(
      'This job finished before the cancel reached it, so here is its result. Its points were kept because it finished.',
    );
  });

  it('starts a visitor’s job once they have logged in, with what they entered', async () => {
    const network = serveAiPage();
    network.on('POST', '/api/v1/ai/jobs', () =>
      envelopeReply(logoJob({ id: 41, state: 'queued', stage: null, percent: 0 })),
    );
    const { user } = await openAiPage('/aiCreate?tab=laser');
    await user.click(await screen.findByTestId('ai-tool-textToLogo'));
    fill(screen.getByLabelText(/Logo text/), 'Maple Workshop');
    await user.click(screen.getByTestId('ai-start'));
    expect(network.callsTo('POST', '/api/v1/ai/jobs')).toHaveLength(0);

    act(() => logInAs());
    await waitFor(() => expect(network.callsTo('POST', '/api/v1/ai/jobs')).toHaveLength(1), {
      timeout: LOAD_TIMEOUT_MS,
    });
    expect(network.callsTo('POST', '/api/v1/ai/jobs')[0]?.body).toEqual({
      kind: 'text_to_logo',
      params: { text: 'Maple Workshop', widthMm: 80, cutOffsetMm: 2, count: 1 },
    });
    expect(await screen.findByTestId('ai-progress')).toBeInTheDocument();
  });

  it('does not start a job for a visitor who closed the login dialog', async () => {
    const network = serveAiPage();
    const { user } = await openAiPage('/aiCreate?tab=laser');
    await user.click(await screen.findByTestId('ai-tool-textToLogo'));
    fill(screen.getByLabelText(/Logo text/), 'Maple');
    await user.click(screen.getByTestId('ai-start'));
    const { useUiStore } = await import('../../stores/ui.store');
    act(() => useUiStore.getState().closeLogin());
    act(() => logInAs());
    await screen.findByText('You have 20 points', undefined, { timeout: LOAD_TIMEOUT_MS });
    expect(network.callsTo('POST', '/api/v1/ai/jobs')).toHaveLength(0);
  });
});

describe('tools no engine serves (DESIGN 5)', () => {
  it('tells a maker in a plain sentence, with no setting names', async () => {
    logInAs();
    serveAiPage();
    const { user } = await openAiPage('/aiCreate?tab=laser');
    await user.click(await screen.findByTestId('ai-tool-textToImage'));
    const notice = await screen.findByTestId('ai-unavailable');
    expect(notice).toHaveTextContent(
      'This tool is not available on this site yet. The other tools work as usual.',
    );
    expect(notice.textContent).not.toMatch(/AI_|\+/);
    expect(screen.queryByTestId('ai-unavailable-setup')).toBeNull();
    expect(notice.closest('.ant-alert-success, .ant-alert-info')).toBeNull();
  });

  it('shows moderators what to configure, in their language with no English "or"', async () => {
    logInAs(createUserInfo({ role: 'moderator' }));
    serveAiPage();
    await i18n.changeLanguage('zh');
    const { user } = await openAiPage('/aiCreate?tab=laser');
    await user.click(await screen.findByTestId('ai-tool-textToImage'));
    const setup = await screen.findByTestId('ai-unavailable-setup');
    const choices = within(setup)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(choices).toEqual([
      'AI_COMFYUI_URL + AI_COMFYUI_WORKFLOW',
      'AI_OPENAI_BASE_URL + AI_OPENAI_API_KEY',
      'AI_STABILITY_API_KEY',
    ]);
    expect(setup).toHaveTextContent('#ai-providers');
    expect(setup.textContent).not.toMatch(/\bor\b/);
    expect(within(setup).getByRole('link')).toHaveAttribute('href', '/admin?tab=ai');
  });
});

describe('costs in words (i18next plurals)', () => {
  it('says "Costs 1 point" and "Costs 2 points"', async () => {
    serveAiPage();
    await openAiPage('/aiCreate?tab=laser');
    expect(await screen.findByTestId('ai-tool-laserImage')).toHaveTextContent('Costs 1 point');
    expect(screen.getByTestId('ai-tool-laserImage')).not.toHaveTextContent('1 points');
    expect(screen.getByTestId('ai-tool-removeBackground')).toHaveTextContent('Costs 2 points');
  });
});
