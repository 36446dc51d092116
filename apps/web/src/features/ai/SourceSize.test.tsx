import type { TAiFeature } from '@layerline/contract';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { FAST_USER, LOAD_TIMEOUT_MS, logInAs, serveUserInfo } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderApp, renderWithProviders } from '../../test/render-app';
import { useAiCreateStore } from './ai-create.store';
import { SourceSize } from './SourceSize';
import { vectorOutputSize } from './source-size';
import './i18n';

/**
 * Vectorise without a width sizes its SVG by the picture's DPI, 96 when it
 * declares none (DESIGN 5); the page shows that size before the job starts,
 * from the pixel size and DPI the upload answers with.
 */
const FEATURES: TAiFeature[] = [
  { kind: 'vectorize', cost: 1, available: true, engine: 'local:potrace', setting: null },
];
const SCAN = { width: 448, height: 295 };

function serve(image: { width: number; height: number; dpi: number | null }) {
  const network = fakeNetwork();
  serveUserInfo();
  network.on('GET', '/api/v1/ai/features', () => envelopeReply(FEATURES));
  network.on('GET', '/api/v1/ai/jobs', () => envelopeReply([], 200, 'success', { total: 0 }));
  network.on('POST', '/api/v1/resource/upload', () =>
    envelopeReply({
      url: '/files/scan.png',
      filename: 'scan.png',
      size: 10,
      mime: 'image/png',
      image,
    }),
  );
  return network;
}

async function pickScan() {
  useAiCreateStore.getState().reset();
  const { user } = renderApp('/aiCreate?tab=laser', FAST_USER);
  await screen.findByRole('heading', { name: 'AI create', level: 1 }, { timeout: LOAD_TIMEOUT_MS });
  await user.click(await screen.findByTestId('ai-tool-vectorize'));
  const scan = new File([new Uint8Array([137, 80, 78, 71])], 'scan.png', { type: 'image/png' });
  await user.upload(screen.getByTestId('ai-source-input'), scan);
  return user;
}

describe('vectorise shows the output size in mm before it starts', () => {
  it('reads the uploaded scan at its 300 DPI: 37.9 × 25.0 mm', async () => {
    logInAs();
    serve({ ...SCAN, dpi: 300 });
    await pickScan();
    const label = await screen.findByTestId('ai-source-size', undefined, {
      timeout: LOAD_TIMEOUT_MS,
    });
    expect(label).toHaveTextContent('Comes out 37.9 × 25.0 mm at 300 DPI');
  });

  it('reads a picture with no DPI at 96, and says so', async () => {
    logInAs();
    serve({ ...SCAN, dpi: null });
    await pickScan();
    expect(
      await screen.findByTestId('ai-source-size', undefined, { timeout: LOAD_TIMEOUT_MS }),
    ).toHaveTextContent('Comes out 118.5 × 78.1 mm at 96 DPI (the picture declares no DPI)');
  });

  it('follows a width the maker sets instead', () => {
    expect(vectorOutputSize({ ...SCAN, dpi: 300 }, 80)).toMatchObject({
      widthMm: 80,
      basis: 'width',
    });
    expect(vectorOutputSize({ ...SCAN, dpi: 300 }, 80)?.heightMm).toBeCloseTo(52.68, 2);
    // Nothing to show until the upload has told the pixel size.
    expect(vectorOutputSize({ dpi: 300 }, undefined)).toBeUndefined();
  });

  it.each([
    ['zh', { ...SCAN, dpi: 300 }, '输出尺寸 37.9 × 25.0 mm（300 DPI）'],
    ['zh', { ...SCAN, dpi: null }, '输出尺寸 118.5 × 78.1 mm（图片未标明 DPI，按 96 DPI 计算）'],
    ['en', { ...SCAN, dpi: 600 }, 'Comes out 19.0 × 12.5 mm at 600 DPI'],
  ])('in %s: %j', async (locale, source, text) => {
    await act(() => i18n.changeLanguage(locale));
    renderWithProviders(<SourceSize source={source} widthMm={undefined} />);
    expect(screen.getByTestId('ai-source-size')).toHaveTextContent(text);
    await act(() => i18n.changeLanguage('en'));
  });
});
