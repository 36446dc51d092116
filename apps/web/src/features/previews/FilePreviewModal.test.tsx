import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { fakeNetwork } from '../../test/fake-network';
import { renderWithProviders } from '../../test/render-app';
import { FilePreviewModal, type TPreviewFile } from './FilePreviewModal';

const PANEL_DXF = [
  '0',
  'SECTION',
  '2',
  'HEADER',
  '9',
  '$INSUNITS',
  '70',
  '4',
  '0',
  'ENDSEC',
  '0',
  'SECTION',
  '2',
  'ENTITIES',
  '0',
  'LINE',
  '8',
  '0',
  '10',
  '0',
  '20',
  '0',
  '11',
  '100',
  '21',
  '0',
  '0',
  'CIRCLE',
  '8',
  '0',
  '10',
  '50',
  '20',
  '25',
  '40',
  '10',
  '0',
  'LWPOLYLINE',
  '8',
  '0',
  '90',
  '4',
  '70',
  '1',
  '10',
  '0',
  '20',
  '0',
  '10',
  '100',
  '20',
  '0',
  '10',
  '100',
  '20',
  '50',
  '10',
  '0',
  '20',
  '50',
  '0',
  'ENDSEC',
  '0',
  'EOF',
].join('\n');

function open(file: TPreviewFile | null) {
  const onClose = vi.fn();
  const view = renderWithProviders(<FilePreviewModal file={file} onClose={onClose} />);
  return { ...view, onClose };
}

describe('FilePreviewModal chooses the viewer by file type', () => {
  it('shows nothing while no file is given', () => {
    open(null);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells a browser without WebGL (jsdom) that it cannot show the 3D model', async () => {
    open({ url: '/files/ab/bracket.stl', filename: 'bracket.stl' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('bracket.stl')).toBeInTheDocument();
    const viewer = within(dialog).getByTestId('model-viewer');
    expect(viewer).toHaveAttribute('data-state', 'no-webgl');
    expect(within(viewer).getByRole('alert')).toHaveTextContent('cannot show 3D previews');
    // Nothing is downloaded for a preview that cannot be drawn.
    expect(fakeNetwork().calls).toEqual([]);
    // A model is served as a download: no "open in new tab" for it.
    expect(within(dialog).queryByRole('link', { name: /Open in new tab/ })).toBeNull();
  });

  it('says so in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    open({ url: '/files/ab/plate.3mf', filename: 'plate.3mf' });
    const viewer = await screen.findByTestId('model-viewer');
    expect(within(viewer).getByRole('alert')).toHaveTextContent('当前浏览器无法显示 3D 预览');
  });

  it('falls back to the message when the browser has the WebGL API but refuses a context', async () => {
    vi.stubGlobal('WebGL2RenderingContext', class {});
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    open({ url: '/files/ab/teapot.obj', filename: 'teapot.obj' });
    const viewer = await screen.findByTestId('model-viewer');
    expect(viewer).toHaveAttribute('data-state', 'loading');
    await waitFor(() => expect(viewer).toHaveAttribute('data-state', 'no-webgl'), {
      timeout: 10_000,
    });
    expect(within(viewer).getByRole('alert')).toHaveTextContent('WebGL');
    expect(viewer.querySelector('canvas')).toBeNull();
    expect(fakeNetwork().calls).toEqual([]);
    consoleError.mockRestore();
  });

  it('shows an SVG as an image on the checkerboard, with zoom', async () => {
    const { user } = open({ url: '/files/ab/logo.svg', filename: 'logo.svg' });
    const dialog = await screen.findByRole('dialog');
    const image = within(dialog).getByRole('img', { name: 'Preview of logo.svg' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('src', '/files/ab/logo.svg');
    expect(image.parentElement).toHaveClass('zoom-pane__stage--checker');
    expect(within(dialog).getByText('100%')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(within(dialog).getByText('125%')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Zoom out' }));
    await user.click(within(dialog).getByRole('button', { name: 'Zoom out' }));
    expect(within(dialog).getByText('80%')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fit to view' }));
    expect(within(dialog).getByText('100%')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Open in new tab/ })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it('draws a DXF as inline SVG with its size in the drawing units', async () => {
    fakeNetwork().on('GET', '/files/ab/panel.dxf', () => new Response(PANEL_DXF));
    open({ url: '/files/ab/panel.dxf', filename: 'panel.dxf' });
    const drawing = await screen.findByTestId('dxf-drawing');
    expect(drawing.tagName.toLowerCase()).toBe('svg');
    expect(drawing).toHaveAccessibleName('Drawing panel.dxf');
    expect(drawing).toHaveAttribute('viewBox', '-2 -52 104 54');
    expect(drawing.querySelector('path')?.getAttribute('d')).toContain('M 0 0 L 100 0');
    expect(screen.getByTestId('drawing-size')).toHaveTextContent('100 × 50 mm');
    expect(fakeNetwork().callsTo('GET', '/files/ab/panel.dxf')).toHaveLength(1);
  });

  it('says when a DXF cannot be loaded', async () => {
    fakeNetwork().on('GET', '/files/ab/gone.dxf', () => new Response('', { status: 404 }));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    open({ url: '/files/ab/gone.dxf', filename: 'gone.dxf' });
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
  });

  it('says when a DXF has nothing it can draw', async () => {
    fakeNetwork().on('GET', '/files/ab/text.dxf', () => new Response('0\nEOF\n'));
    open({ url: '/files/ab/text.dxf', filename: 'text.dxf' });
    expect(await screen.findByRole('alert')).toHaveTextContent('No lines, circles or curves');
  });

  it('embeds a PDF with a link to open it in a new tab', async () => {
    open({ url: '/files/ab/manual.pdf', filename: 'manual.pdf' });
    const viewer = await screen.findByTestId('pdf-viewer');
    expect(viewer.tagName).toBe('OBJECT');
    expect(viewer).toHaveAttribute('data', '/files/ab/manual.pdf');
    expect(viewer).toHaveAttribute('type', 'application/pdf');
    const links = screen.getAllByRole('link', { name: /Open in new tab/ });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute('href', '/files/ab/manual.pdf');
  });

  it('shows a photo as a plain image without upscaling', async () => {
    open({ url: '/files/ab/photo.jpg', filename: 'photo.jpg', mime: 'image/jpeg' });
    const image = await screen.findByRole('img', { name: 'Preview of photo.jpg' });
    expect(image).toHaveAttribute('src', '/files/ab/photo.jpg');
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
  });

  it('offers only the download for a file it cannot preview', async () => {
    const onDownload = vi.fn();
    renderWithProviders(
      <FilePreviewModal
        file={{ url: '/files/ab/part.step', filename: 'part.step' }}
        onClose={vi.fn()}
        onDownload={onDownload}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('There is no preview for this file type');
    await userEvent.click(within(dialog).getByRole('button', { name: /Download/ }));
    expect(onDownload).toHaveBeenCalledOnce();
  });

  // SPEC 5/6, ADR 0009: the stored (signed, short-lived) URL is never a download.
  it('links no download to the stored URL, with or without a download handler', async () => {
    const { unmount } = open({ url: '/files/ab/bracket.stl?sig=x', filename: 'bracket.stl' });
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: /Download/ })).toBeNull();
    expect(within(dialog).queryByRole('link', { name: /Download/ })).toBeNull();
    expect(dialog.querySelector('a[download]')).toBeNull();
    unmount();
    renderWithProviders(
      <FilePreviewModal
        file={{ url: '/files/ab/bracket.stl?sig=x', filename: 'bracket.stl' }}
        onClose={vi.fn()}
        onDownload={vi.fn()}
      />,
    );
    dialog = await screen.findByRole('dialog');
    expect(
      within(dialog)
        .getByRole('button', { name: /Download/ })
        .closest('a'),
    ).toBeNull();
    expect(dialog.querySelector('a[download], a[href*="bracket.stl"]')).toBeNull();
  });

  it('calls onClose from the close button', async () => {
    const { user, onClose } = open({ url: '/files/ab/photo.png', filename: 'photo.png' });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
