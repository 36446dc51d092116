import { LIMITS } from '@layerline/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAST_USER } from '../../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../../test/fake-network';
import { renderWithProviders } from '../../../test/render-app';
import { PUBLISH_PATHS } from '../publish-api';
import { GuideEditor } from './GuideEditor';
import { file, stubEditorLayout } from './publish.fakes';

let restoreLayout = () => {};
beforeAll(() => {
  restoreLayout = stubEditorLayout();
});
afterAll(() => restoreLayout());

function renderGuide(value = '') {
  const onChange = vi.fn<(html: string) => void>();
  const onUploadingChange = vi.fn<(isUploading: boolean) => void>();
  const view = renderWithProviders(
    <GuideEditor value={value} onChange={onChange} onUploadingChange={onUploadingChange} />,
    FAST_USER,
  );
  const editor = screen.getByRole('textbox', { name: 'Guide' });
  const lastHtml = () => onChange.mock.calls.at(-1)?.[0];
  return { ...view, editor, onChange, onUploadingChange, lastHtml };
}

describe('guide editor (SPEC 3 rich-text guide)', () => {
  it('formats typed text: bold, headings and lists', async () => {
    const { user, editor, lastHtml } = renderGuide();
    await user.click(editor);
    await user.click(screen.getByRole('button', { name: 'Heading' }));
    await user.keyboard('Parts');
    expect(lastHtml()).toMatch(/^<h2>Parts<\/h2>/);
    expect(screen.getByRole('button', { name: 'Heading' })).toHaveAttribute('aria-pressed', 'true');

    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await user.keyboard('Plywood');
    expect(lastHtml()).toMatch(
      /^<h2>Parts<\/h2><ul><li><p><strong>Plywood<\/strong><\/p><\/li><\/ul>/,
    );
  });

  it('shows a saved guide and reports an emptied one as empty', async () => {
    const { user, editor, lastHtml } = renderGuide('<p>Cut, <em>glue</em>.</p>');
    expect(editor).toHaveTextContent('Cut, glue.');
    expect(within(editor).getByText('glue').tagName).toBe('EM');
    await user.click(editor);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    expect(lastHtml()).toBe('');
  });

  it('links the selected text to an http(s) address only', async () => {
    const { user, editor, lastHtml } = renderGuide('<p>Source</p>');
    await user.click(editor);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Insert a link' }));
    const address = dialog.getByLabelText('Address');
    await user.type(address, 'javascript:alert(1)');
    await user.click(dialog.getByRole('button', { name: 'Insert' }));
    expect(await dialog.findByText('Please enter an http or https address')).toBeVisible();

    await user.clear(address);
    await user.type(address, 'https://example.com/original');
    await user.click(dialog.getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(lastHtml()).toContain('href="https://example.com/original"'));
    expect(lastHtml()).toContain('>Source</a>');
  });

  it('uploads an image as kind=cover, reporting the running upload', async () => {
    let finish: (response: Response) => void = () => {};
    fakeNetwork().on(
      'POST',
      PUBLISH_PATHS.upload,
      () => new Promise<Response>((resolve) => (finish = resolve)),
    );
    const { user, editor, lastHtml, onUploadingChange } = renderGuide('<p>Step one</p>');
    await user.click(editor);
    const input = screen.getByLabelText('Upload an image', { selector: 'input' });

    act(() => {
      fireEvent.change(input, {
        target: { files: [file('huge.png', 'image/png', LIMITS.coverMaxBytes + 1)] },
      });
    });
    expect(await screen.findByText('A cover image can be at most 10MB.')).toBeVisible();
    expect(fakeNetwork().callsTo('POST', PUBLISH_PATHS.upload)).toHaveLength(0);

    act(() => {
      fireEvent.change(input, { target: { files: [file('step.png', 'image/png')] } });
    });
    expect(
      await screen.findByRole('progressbar', { name: 'Uploading the image' }),
    ).toBeInTheDocument();
    expect(onUploadingChange).toHaveBeenLastCalledWith(true);
    expect(fakeNetwork().callsTo('POST', PUBLISH_PATHS.upload)[0]?.query.get('kind')).toBe('cover');
    finish(
      envelopeReply({ url: '/files/cover/step.png', filename: 'step.png', size: 9, mime: 'x' }),
    );
    await waitFor(() => expect(lastHtml()).toContain('<img src="/files/cover/step.png"'));
    expect(onUploadingChange).toHaveBeenLastCalledWith(false);
  });
});
