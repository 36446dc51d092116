import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { LOAD_TIMEOUT_MS, logInAs } from '../../test/auth-fakes';
import { envelopeReply } from '../../test/fake-network';
import { FakeEventSource } from '../notifications/notifications.fakes';
import { createJob } from './ai.fakes';
import { openAiPage, serveAiPage } from './ai-page.fakes';
import { withoutAddedPhrase } from './prompt-additions';

/**
 * DESIGN 5: the prompt optimiser says what it added, and the maker can take
 * any of it back (a chip each) or undo the whole optimisation.
 */
const CASES = [
  {
    locale: 'en',
    prompt: 'family photo for a wooden coaster',
    added: ['black and white', 'high contrast'],
    separator: ', ',
    texts: { optimise: 'Optimise prompt', undo: 'Undo optimisation', label: 'Added:' },
    remove: (phrase: string) => `Remove “${phrase}”`,
  },
  {
    locale: 'zh',
    prompt: '全家福照片，刻在木杯垫上',
    added: ['黑白', '高对比度'],
    separator: '，',
    texts: { optimise: '优化提示词', undo: '撤销优化', label: '已添加：' },
    remove: (phrase: string) => `移除“${phrase}”`,
  },
];

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('prompt optimisation shows what it added and takes it back', () => {
  it.each(CASES)('in $locale', async ({ locale, prompt, added, separator, texts, remove }) => {
    FakeEventSource.install();
    await act(() => i18n.changeLanguage(locale));
    logInAs();
    const optimised = [prompt, ...added].join(separator);
    const network = serveAiPage();
    const queued = createJob({
      id: 21,
      kind: 'prompt_optimize',
      engine: 'local:prompt-rules',
      state: 'queued',
      stage: null,
      percent: 0,
      params: { prompt, machine: 'laser' },
    });
    network.on('POST', '/api/v1/ai/jobs', () => envelopeReply(queued));
    const done = {
      ...queued,
      state: 'succeeded' as const,
      stage: 'completed' as const,
      percent: 100,
      resultText: optimised,
      promptAdded: added,
    };
    network.on('GET', '/api/v1/ai/jobs/21', () => envelopeReply(done));
    const { user } = await openAiPage('/aiCreate?tab=laser');
    await user.click(await screen.findByTestId('ai-tool-textToImage'));
    const field = (await screen.findByRole('textbox')) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: prompt } });
    await user.click(screen.getByRole('button', { name: new RegExp(texts.optimise) }));
    // The job's live stream brings its end (SPEC 4 progress).
    await waitFor(
      () => expect(FakeEventSource.latest().url).toContain('/api/v1/ai/jobs/21/events'),
      { timeout: LOAD_TIMEOUT_MS },
    );
    act(() => FakeEventSource.latest().send(done));

    const chips = await screen.findByTestId('ai-prompt-added', undefined, {
      timeout: LOAD_TIMEOUT_MS,
    });
    expect(field.value).toBe(optimised);
    expect(chips).toHaveTextContent(texts.label);
    for (const phrase of added) expect(within(chips).getByText(phrase)).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/v1/ai/jobs')[0]?.body).toMatchObject({
      kind: 'prompt_optimize',
      params: { prompt, machine: 'laser' },
    });

    // One chip taken back: only that phrase leaves the prompt.
    const last = added[1] as string;
    await user.click(within(chips).getByLabelText(remove(last)));
    expect(field.value).toBe([prompt, added[0]].join(separator));
    expect(within(screen.getByTestId('ai-prompt-added')).queryByText(last)).toBeNull();

    // Undo: the prompt as the maker wrote it, and no chips.
    await user.click(screen.getByRole('button', { name: new RegExp(texts.undo) }));
    expect(field.value).toBe(prompt);
    await waitFor(() => expect(screen.queryByTestId('ai-prompt-added')).toBeNull());
  });

  it('takes a phrase out with its separator, wherever it is, and leaves the rest', () => {
    expect(withoutAddedPhrase('owl, line art, high contrast', 'line art')).toBe(
      'owl, high contrast',
    );
    expect(withoutAddedPhrase('猫头鹰，线稿，高对比度', '高对比度')).toBe('猫头鹰，线稿');
    expect(withoutAddedPhrase('line art, owl', 'line art')).toBe('owl');
    // Inside the maker's own words it is not a separate phrase: left alone.
    expect(withoutAddedPhrase('owl line art poster, high contrast', 'line art')).toBe(
      'owl line art poster, high contrast',
    );
  });
});
