import { apiPath, type TAiProviderStatus } from '@layerline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createUserInfo,
  FAST_USER,
  LOAD_TIMEOUT_MS,
  logInAs,
  serveUserInfo,
} from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderApp } from '../../test/render-app';

const PROVIDERS: TAiProviderStatus[] = [
  {
    id: 'openaiImages',
    configured: true,
    baseUrl: 'http://127.0.0.1:8080/v1',
    settings: ['AI_OPENAI_BASE_URL', 'AI_OPENAI_API_KEY', 'AI_OPENAI_IMAGE_MODEL'],
  },
  {
    id: 'tripo',
    configured: false,
    baseUrl: null,
    settings: ['AI_TRIPO_API_KEY', 'AI_TRIPO_BASE_URL'],
  },
];

describe('/admin?tab=ai: the AI providers (README "AI providers")', () => {
  it('shows which are configured and tests one through the server', async () => {
    const info = createUserInfo({ role: 'moderator' });
    logInAs(info);
    serveUserInfo(info);
    const network = fakeNetwork();
    network.on('GET', apiPath('admin.summary'), () =>
      envelopeReply({ works_in_review: 0, open_appeals: 0, open_reports: 0, open_feedback: 0 }),
    );
    network.on('GET', apiPath('admin.aiProviders'), () => envelopeReply(PROVIDERS));
    network.on('POST', apiPath('admin.checkAiProvider', { id: 'openaiImages' }), () =>
      envelopeReply({ id: 'openaiImages', result: 'ok', httpStatus: 200, ms: 42 }),
    );
    network.on('POST', apiPath('admin.checkAiProvider', { id: 'tripo' }), () =>
      envelopeReply({ id: 'tripo', result: 'notConfigured', httpStatus: null, ms: null }),
    );
    const { user } = renderApp('/admin?tab=ai', FAST_USER);
    const images = await screen.findByTestId('admin-ai-openaiImages', undefined, {
      timeout: LOAD_TIMEOUT_MS,
    });
    expect(images).toHaveTextContent('OpenAI-compatible images');
    expect(images).toHaveTextContent('Configured');
    expect(images).toHaveTextContent('http://127.0.0.1:8080/v1');
    const tripo = screen.getByTestId('admin-ai-tripo');
    expect(tripo).toHaveTextContent('Not configured');
    expect(tripo).toHaveTextContent('AI_TRIPO_API_KEY');

    await user.click(within(images).getByRole('button', { name: 'Test' }));
    expect(await within(images).findByRole('status')).toHaveTextContent(
      'It answered (HTTP 200, 42 ms).',
    );
    await user.click(within(tripo).getByRole('button', { name: 'Test' }));
    expect(await within(tripo).findByRole('status')).toHaveTextContent(
      'Not configured: nothing was called.',
    );
    await waitFor(() =>
      expect(
        network.callsTo('POST', apiPath('admin.checkAiProvider', { id: 'openaiImages' })),
      ).toHaveLength(1),
    );
  });
});
