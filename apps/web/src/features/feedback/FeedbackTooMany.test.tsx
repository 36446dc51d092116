import { apiPath } from '@layerline/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderApp } from '../../test/render-app';

const png = (name: string) => new File([new Uint8Array(1000)], name, { type: 'image/png' });

/** SPEC 5: 9 feedback pictures at most; picking 12 keeps 9 and says so where the pictures are. */
describe('picking more than 9 feedback pictures', { timeout: 90_000 }, () => {
  it('keeps 9 and says 3 were left out, in Chinese', async () => {
    await i18n.changeLanguage('zh');
    let uploaded = 0;
    fakeNetwork().on('POST', apiPath('feedback.upload'), () => {
      uploaded += 1;
      return envelopeReply(`/files/fb/image-${uploaded}.webp`);
    });
    const { user } = renderApp('/feedback');
    const input = await screen.findByTestId('feedback-image-input', {}, { timeout: 60_000 });
    await user.upload(
      input,
      Array.from({ length: 12 }, (_, i) => png(`p${i}.png`)),
    );
    await waitFor(() => expect(screen.getAllByTestId('feedback-image')).toHaveLength(9));
    expect(screen.getByTestId('feedback-images-dropped')).toHaveTextContent(
      '最多保留 9 张图片：你选择的图片中有 3 张未添加。',
    );
    expect(screen.getByTestId('feedback-images-dropped')).toHaveAttribute('role', 'status');
  });

  it('says it in English with one left out', async () => {
    fakeNetwork().on('POST', apiPath('feedback.upload'), () => envelopeReply('/files/fb/x.webp'));
    const { user } = renderApp('/feedback');
    const input = await screen.findByTestId('feedback-image-input', {}, { timeout: 60_000 });
    await user.upload(
      input,
      Array.from({ length: 10 }, (_, i) => png(`p${i}.png`)),
    );
    expect(await screen.findByTestId('feedback-images-dropped')).toHaveTextContent(
      'Only 9 images are kept: 1 of the pictures you picked was left out.',
    );
  });
});
