import type { TAiFeature } from '@layerline/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { FAST_USER } from '../../test/auth-fakes';
import { renderWithProviders } from '../../test/render-app';
import { effectiveTool, optionsOfJob } from './image-to-image-tool';
import { jobParams, startBlock } from './job-state';
import { ToolOptions } from './ToolOptions';
import { findTool, initialOptions, isFieldShown } from './tools';
import './i18n';

/**
 * Image-to-image on a default install (DESIGN 5): its local styles need no
 * provider and no prompt; a provider's generative restyling is offered
 * beside them only when GET /ai/features says one is configured.
 */

const LOCAL_ONLY: TAiFeature = {
  kind: 'image_to_image',
  cost: 5,
  available: true,
  engine: 'local:image-styles',
  setting: null,
  localStyles: ['line_drawing', 'hatching', 'stipple', 'posterize'],
  generative: false,
};
const WITH_PROVIDER: TAiFeature = { ...LOCAL_ONLY, engine: 'openai:gpt-image-1', generative: true };

const base = findTool('laser', 'imageToImage');
const styleChoices = (feature: TAiFeature, options: Record<string, unknown>) => {
  const field = effectiveTool(base, options, feature).fields[0];
  return field?.type === 'select' ? field.choices : [];
};
const shownFields = (options: Record<string, unknown>) => {
  const tool = effectiveTool(base, options, WITH_PROVIDER);
  return tool.fields.filter((f) => isFieldShown(tool, f, options)).map((f) => f.name);
};
const params = (feature: TAiFeature, options: Record<string, unknown>, text = '', style = 'none') =>
  jobParams({
    tool: effectiveTool(base, options, feature),
    options,
    imageUrl: '/files/src.png',
    text,
    style,
    ratio: '1:1',
    count: 1,
  });

/** What stops Start for a signed-in maker with a picture and points enough. */
const blockFor = (tool: ReturnType<typeof effectiveTool>, text: string) =>
  startBlock({
    tool,
    isLogin: true,
    available: true,
    hasImage: true,
    isUploading: false,
    text,
    isRunning: false,
    cost: 5,
    balance: 10,
  });

describe('image-to-image local styles', () => {
  it('offers only the local styles without a provider, and the generative one beside them with one', () => {
    const options = initialOptions(base);
    expect(options.style).toBe('line_drawing');
    expect(styleChoices(LOCAL_ONLY, options)).toEqual([
      'line_drawing',
      'hatching',
      'stipple',
      'posterize',
    ]);
    expect(styleChoices(WITH_PROVIDER, options)).toEqual([
      'line_drawing',
      'hatching',
      'stipple',
      'posterize',
      'generative',
    ]);
  });

  it('starts a local style with a picture and no prompt, sending the style and its size in mm', () => {
    const options = { ...initialOptions(base), style: 'hatching', widthMm: 80 };
    const tool = effectiveTool(base, options, LOCAL_ONLY);
    expect(blockFor(tool, '')).toBeNull();
    const sent = params(LOCAL_ONLY, options);
    expect(sent).toMatchObject({ style: 'hatching', widthMm: 80, imageUrl: '/files/src.png' });
    expect(sent).not.toHaveProperty('prompt');
    expect(sent).not.toHaveProperty('ratio');
    // A generative choice left from a server with a provider runs a local style here.
    expect(params(LOCAL_ONLY, { ...options, style: 'generative' }).style).toBe('line_drawing');
  });

  it('generative: a prompt is required and the prompt field’s style is the one sent', () => {
    const options = { ...initialOptions(base), style: 'generative' };
    const tool = effectiveTool(base, options, WITH_PROVIDER);
    expect(tool.input).toEqual({ image: 'required', text: 'prompt', styleRatioCount: true });
    expect(blockFor(tool, ' ')).toBe('missingText');
    expect(params(WITH_PROVIDER, options, 'a cat', 'watercolor')).toMatchObject({
      prompt: 'a cat',
      style: 'watercolor',
      ratio: '1:1',
      strength: 0.6,
    });
    expect(params(WITH_PROVIDER, options, 'a cat')).not.toHaveProperty('style');
  });

  it('shows each style’s own options', () => {
    expect(shownFields({ style: 'line_drawing' })).toEqual([
      'style',
      'widthMm',
      'dpi',
      'lineMm',
      'detail',
    ]);
    expect(shownFields({ style: 'hatching' })).toEqual([
      'style',
      'widthMm',
      'spacingMm',
      'lineAngleDeg',
      'tones',
    ]);
    expect(shownFields({ style: 'stipple' })).toEqual([
      'style',
      'widthMm',
      'dotMm',
      'dots',
      'seed',
    ]);
    expect(shownFields({ style: 'posterize', outlines: false })).toEqual([
      'style',
      'widthMm',
      'dpi',
      'colors',
      'outlines',
    ]);
    expect(shownFields({ style: 'generative' })).toEqual(['style', 'strength']);
  });

  it('opens a past job with its style where the tool shows it', () => {
    const local = optionsOfJob('image_to_image', {
      imageUrl: '/files/a.png',
      style: 'stipple',
      dots: 9000,
    });
    expect(local).toEqual({ options: { style: 'stipple', dots: 9000 }, promptStyle: null });
    const generated = optionsOfJob('image_to_image', {
      imageUrl: '/files/a.png',
      prompt: 'a cat',
      style: 'watercolor',
      strength: 0.4,
      ratio: '1:1',
    });
    expect(generated).toEqual({
      options: { style: 'generative', strength: 0.4 },
      promptStyle: 'watercolor',
    });
    expect(optionsOfJob('vectorize', { imageUrl: '/f.png', mode: 'mono', style: 'cut' })).toEqual({
      options: { mode: 'mono', style: 'cut' },
      promptStyle: null,
    });
    // Elsewhere `style` is the prompt's (text to image) and no option of the tool.
    expect(optionsOfJob('text_to_image', { prompt: 'x', style: 'woodcut' }).promptStyle).toBe(
      'woodcut',
    );
  });

  it('names a local style in the AI records in both languages', async () => {
    await i18n.changeLanguage('zh');
    expect(i18n.t('ai:styles.hatching')).toBe('排线雕刻');
    await i18n.changeLanguage('en');
    expect(i18n.t('ai:styles.posterize')).toBe('Cartoon');
  });

  it.each([
    ['en', 'Line drawing (PNG)', 'Hatching (SVG)', 'Width', 'mm'],
    ['zh', '线稿（PNG）', '排线雕刻（SVG）', '宽度', '毫米'],
  ])('names the styles and the width in mm in %s', async (locale, line, hatching, width, mm) => {
    await i18n.changeLanguage(locale);
    const options = { ...initialOptions(base), style: 'hatching' };
    const { user } = renderWithProviders(
      <ToolOptions
        tool={effectiveTool(base, options, LOCAL_ONLY)}
        values={options}
        disabled={false}
        onChange={() => {}}
      />,
      FAST_USER,
    );
    const panel = within(screen.getByTestId('ai-options'));
    expect(panel.getByText(width)).toBeInTheDocument();
    expect(panel.getAllByText(mm).length).toBeGreaterThan(0);
    await user.click(panel.getAllByRole('combobox')[0] as HTMLElement);
    expect((await screen.findAllByText(line)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(hatching).length).toBeGreaterThan(0);
    await i18n.changeLanguage('en');
  });
});
