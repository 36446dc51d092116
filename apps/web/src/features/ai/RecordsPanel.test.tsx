import { message } from '@layerline/contract';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { LOAD_TIMEOUT_MS, logInAs } from '../../test/auth-fakes';
import { createJob } from './ai.fakes';
import { openAiPage, serveAiPage } from './ai-page.fakes';

/** Sizes as the server writes them in each language (contract messages aiSizeWidth). */
const WIDTH = { en: '100 mm wide', zh: '宽 100 mm' } as const;
const ENDING = { en: 'Cancelled. Your points were refunded.', zh: '已取消，积分已退回。' } as const;

function records(locale: string) {
  const lang = locale === 'zh' ? 'zh' : 'en';
  return [
    createJob({
      id: 5,
      kind: 'relief_3d',
      state: 'running',
      stage: 'generating_mesh',
      percent: 40,
      size: WIDTH[lang],
      format: 'STL, 3MF, GLB',
      cost: 5,
    }),
    createJob({
      id: 4,
      kind: 'relief_3d',
      state: 'succeeded',
      stage: 'completed',
      percent: 100,
      size: WIDTH[lang],
      format: 'STL, 3MF, GLB',
      cost: 1,
      resultFiles: ['/files/ai/relief-4.stl'],
    }),
    createJob({
      id: 3,
      kind: 'laser_image',
      params: { imageUrl: '/files/a.png', target: 'laser' },
      state: 'cancelled',
      stage: 'loading_components',
      percent: 10,
      size: WIDTH[lang],
      format: 'PNG',
      cost: 1,
      errorReason: 'cancelled',
      errorMessage: ENDING[lang],
    }),
  ];
}

describe('SPEC 3 AI records in both languages', () => {
  it('has no English word left in the Chinese list, also after switching on an open page', async () => {
    logInAs();
    serveAiPage({ records });
    // The list was first read in English: the sizes and endings the server wrote then
    // are English, so the switch must read it again (or English stays on a Chinese page).
    await openAiPage('/aiCreate?tab=printer3d');
    const list = await screen.findByTestId('ai-records');
    await within(list).findAllByTestId('ai-record', undefined, { timeout: LOAD_TIMEOUT_MS });
    expect(list).toHaveTextContent(ENDING.en);
    await act(() => i18n.changeLanguage('zh'));
    await within(list).findByText(ENDING.zh, undefined, { timeout: LOAD_TIMEOUT_MS });
    const text = list.textContent ?? '';
    // "AI", units and file formats are written the same in both languages.
    const english = (text.match(/[A-Za-z]{2,}/g) ?? []).filter(
      (word) => !['AI', 'mm', 'STL', 'MF', 'GLB', 'PNG'].includes(word),
    );
    expect(english).toEqual([]);
    expect(text).toContain('激光雕刻图');
    expect(text).toContain('已退回');
    expect(text).toContain('宽 100 mm');
  });

  it('says why a job ended in the server’s SPEC 8 words, the eraser’s own limit included', async () => {
    logInAs();
    // As the server answers in each language (contract messages, per Content-Language).
    const erased = (locale: string) => {
      const lang = locale === 'zh' ? 'zh' : 'en';
      return [
        createJob({
          id: 8,
          kind: 'erase',
          state: 'failed',
          cost: 1,
          errorReason: 'failed',
          errorMessage: message(lang, 'aiEraseMaskTooLarge', { limit: 25 }),
        }),
      ];
    };
    serveAiPage({ records: erased });
    await openAiPage('/aiCreate?tab=laser');
    const [row] = await screen.findAllByTestId('ai-record', undefined, {
      timeout: LOAD_TIMEOUT_MS,
    });
    expect(row).toHaveTextContent(
      'The eraser is for small blemishes: paint at most 25% of the picture. Your points were refunded.',
    );
    await act(() => i18n.changeLanguage('zh'));
    await within(screen.getByTestId('ai-records')).findByText(
      '消除笔用于去除小瑕疵：涂抹范围最多为图片的 25%。积分已退回。',
      undefined,
      { timeout: LOAD_TIMEOUT_MS },
    );
    await act(() => i18n.changeLanguage('en'));
  });

  it('names records as the tools, shows a refund instead of a cost, and waits to run a busy tool again', async () => {
    logInAs();
    serveAiPage({ records });
    await openAiPage('/aiCreate?tab=printer3d');
    const rows = await screen.findAllByTestId('ai-record', undefined, { timeout: LOAD_TIMEOUT_MS });
    const [running, done, cancelled] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(cancelled).toHaveTextContent('Laser-ready image');
    expect(cancelled).not.toHaveTextContent('Laser / UV image');
    expect(cancelled).toHaveTextContent('Refunded');
    expect(cancelled).not.toHaveTextContent('1 point');
    expect(cancelled).toHaveTextContent('Cancelled. Your points were refunded.');
    expect(done).toHaveTextContent('Image to 3D relief');
    expect(done).toHaveTextContent('1 point');
    expect(done).not.toHaveTextContent('1 points');
    // A relief job runs: neither relief record can be run again until it ends.
    expect(within(running).getByRole('button', { name: 'Run again' })).toBeDisabled();
    expect(within(done).getByRole('button', { name: 'Run again' })).toBeDisabled();
    expect(within(cancelled).getByRole('button', { name: 'Run again' })).toBeEnabled();
  });
});
