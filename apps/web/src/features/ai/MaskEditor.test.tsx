import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { drag, loadPicture, ORIGIN } from './mask-canvas.fakes';
import { renderEditor, setUpMaskCanvas } from './mask-editor.fakes';

const { canvas: recording, exportedStrokes } = setUpMaskCanvas();

const button = (name: string) => screen.getByRole('button', { name });

describe('MaskEditor', () => {
  it('fits the picture to the width and paints strokes in picture pixels', async () => {
    const { ref, onPaintedChange } = renderEditor();
    const canvas = loadPicture();
    const stage = canvas.parentElement as HTMLElement;
    expect(stage).toHaveStyle({ width: '500px', height: '250px' });
    expect(canvas.width).toBe(500);
    expect(canvas).toHaveClass('mask-editor__overlay');

    drag(canvas, [
      [50, 25],
      [250, 25],
      [250, 100],
    ]);
    expect(onPaintedChange).toHaveBeenCalledTimes(1);
    expect(onPaintedChange).toHaveBeenLastCalledWith(true);

    const { blob, canvas: exported, calls, points } = await exportedStrokes(ref);
    expect(blob?.type).toBe('image/png');
    expect([exported?.width, exported?.height]).toEqual([1000, 500]);
    expect(points).toEqual([
      [100, 50],
      [500, 50],
      [500, 200],
    ]);
    const stroke = calls.find((call) => call.op === 'stroke');
    expect(stroke?.style).toMatchObject({ stroke: '#ffffff', width: 40, cap: 'round' });
  });

  it('keeps every position the browser merged into one move', async () => {
    const { ref } = renderEditor();
    const canvas = loadPicture();
    const sample = (x: number) =>
      new PointerEvent('pointermove', { clientX: ORIGIN.left + x, clientY: ORIGIN.top + 10 });
    fireEvent.pointerDown(canvas, { pointerId: 1, pointerType: 'pen', clientX: 10, clientY: 30 });
    fireEvent.pointerMove(canvas, {
      pointerId: 1,
      pointerType: 'pen',
      clientX: ORIGIN.left + 300,
      clientY: ORIGIN.top + 10,
      coalescedEvents: [sample(100), sample(200), sample(300)],
    });
    fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'pen', clientX: 310, clientY: 30 });
    expect((await exportedStrokes(ref)).points).toEqual([
      [0, 20],
      [200, 20],
      [400, 20],
      [600, 20],
    ]);
  });

  it('draws a tap as a dot and ignores the right mouse button', async () => {
    const { ref, onPaintedChange } = renderEditor();
    const canvas = loadPicture();
    drag(canvas, [[100, 100]], { button: 2 });
    expect(onPaintedChange).not.toHaveBeenCalled();
    drag(canvas, [[100, 100]]);
    const { calls } = await exportedStrokes(ref);
    expect(calls.find((call) => call.op === 'arc')?.args.slice(0, 3)).toEqual([200, 200, 20]);
  });

  it('tells the page how much of the picture the mask covers (the eraser takes at most 25 %)', () => {
    const { ref } = renderEditor();
    const canvas = loadPicture();
    expect(ref.current?.coverage()).toBe(0);
    drag(canvas, [[100, 100]]);
    // The recording canvas reads every pixel as painted, or none.
    expect(ref.current?.coverage()).toBe(1);
    recording.ink.hasInk = false;
    expect(ref.current?.coverage()).toBe(0);
  });

  it('keeps strokes on the same picture pixels when zoomed in and scrolled', async () => {
    const { ref, user } = renderEditor();
    const canvas = loadPicture();
    const stage = canvas.parentElement as HTMLElement;
    const viewport = screen.getByRole('group', { name: 'Picture to paint on' });
    expect(screen.getByText('100%')).toBeInTheDocument();

    await user.click(button('Zoom in'));
    expect(screen.getByText('125%')).toBeInTheDocument();
    expect(stage).toHaveStyle({ width: '625px', height: '312px' });
    // The centre of the view stays in place.
    expect(viewport.scrollLeft).toBeCloseTo(62.5);

    viewport.scrollLeft = 100;
    // 312.5 of 625 screen pixels is the middle of the picture, wherever it is scrolled.
    drag(canvas, [
      [312.5 - 100, 156],
      [625 - 100, 0],
    ]);
    expect((await exportedStrokes(ref)).points).toEqual([
      [500, 250],
      [1000, 0],
    ]);

    await user.click(button('Zoom out'));
    await user.click(button('Zoom out'));
    expect(screen.getByText('80%')).toBeInTheDocument();
    expect(stage).toHaveStyle({ width: '400px' });
    await user.click(button('Fit the picture to the view'));
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(stage).toHaveStyle({ width: '500px' });
  });

  it('undoes, redoes and clears with the buttons and tells the page each time', async () => {
    const { ref, user, onPaintedChange } = renderEditor();
    const canvas = loadPicture();
    expect(button('Undo')).toBeDisabled();
    expect(button('Redo')).toBeDisabled();
    expect(button('Clear all paint')).toBeDisabled();

    drag(canvas, [
      [10, 10],
      [60, 10],
    ]);
    drag(canvas, [
      [10, 100],
      [60, 100],
    ]);
    await user.click(button('Undo'));
    expect((await exportedStrokes(ref)).points).toEqual([
      [20, 20],
      [120, 20],
    ]);
    await user.click(button('Undo'));
    expect(onPaintedChange.mock.calls).toEqual([[true], [false]]);
    expect(await ref.current?.exportMask()).toBeNull();
    expect(button('Undo')).toBeDisabled();

    await user.click(button('Redo'));
    await user.click(button('Redo'));
    expect(button('Redo')).toBeDisabled();
    expect((await exportedStrokes(ref)).points).toHaveLength(4);

    await user.click(button('Clear all paint'));
    expect(onPaintedChange).toHaveBeenLastCalledWith(false);
    expect(await ref.current?.exportMask()).toBeNull();
    // Clearing is undoable too.
    await user.click(button('Undo'));
    expect(onPaintedChange).toHaveBeenLastCalledWith(true);
    expect((await exportedStrokes(ref)).points).toHaveLength(4);

    act(() => ref.current?.clear());
    expect(onPaintedChange).toHaveBeenLastCalledWith(false);
    expect(button('Clear all paint')).toBeDisabled();
  });

  it('undoes and redoes with Ctrl/Cmd+Z, Ctrl+Shift+Z and Ctrl+Y', () => {
    const { onPaintedChange } = renderEditor();
    const canvas = loadPicture();
    const viewport = screen.getByRole('group', { name: 'Picture to paint on' });
    drag(canvas, [
      [10, 10],
      [60, 10],
    ]);
    // Painting puts the focus on the picture, so the shortcuts work right away.
    expect(viewport).toHaveFocus();

    fireEvent.keyDown(viewport, { key: 'z', ctrlKey: true });
    expect(onPaintedChange).toHaveBeenLastCalledWith(false);
    fireEvent.keyDown(viewport, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(onPaintedChange).toHaveBeenLastCalledWith(true);
    fireEvent.keyDown(viewport, { key: 'z', metaKey: true });
    expect(onPaintedChange).toHaveBeenLastCalledWith(false);
    fireEvent.keyDown(button('Zoom in'), { key: 'y', ctrlKey: true });
    expect(onPaintedChange).toHaveBeenLastCalledWith(true);
    fireEvent.keyDown(viewport, { key: 'z' });
    expect(onPaintedChange).toHaveBeenCalledTimes(5);
  });

  it('sets the brush size with the slider and previews it under the mouse', async () => {
    const { ref } = renderEditor();
    const canvas = loadPicture();
    const slider = screen.getByRole('slider', { name: 'Brush size' });
    expect(slider).toHaveAttribute('aria-valuenow', '40');
    expect(slider).toHaveAttribute('aria-valuemin', '5');
    expect(slider).toHaveAttribute('aria-valuemax', '120');
    fireEvent.keyDown(slider, { key: 'ArrowRight', keyCode: 39, which: 39 });
    fireEvent.keyDown(slider, { key: 'ArrowRight', keyCode: 39, which: 39 });
    expect(slider).toHaveAttribute('aria-valuenow', '42');
    expect(slider).toHaveAttribute('aria-valuetext', '42 px');

    const cursor = canvas.parentElement?.querySelector('.mask-editor__cursor') as HTMLElement;
    expect(cursor).not.toBeVisible();
    fireEvent.pointerMove(canvas, { pointerType: 'mouse', clientX: 110, clientY: 70 });
    expect(cursor).toBeVisible();
    // 42 picture pixels at half size: 21 screen pixels, centred on the pointer.
    expect(cursor).toHaveStyle({ width: '21px', height: '21px' });
    expect(cursor.style.transform).toBe('translate(89.5px, 39.5px)');
    fireEvent.pointerLeave(canvas, { pointerType: 'mouse' });
    expect(cursor).not.toBeVisible();
    fireEvent.pointerMove(canvas, { pointerType: 'touch', clientX: 110, clientY: 70 });
    expect(cursor).not.toBeVisible();

    drag(canvas, [
      [10, 10],
      [60, 10],
    ]);
    const stroke = (await exportedStrokes(ref)).calls.find((call) => call.op === 'stroke');
    expect(stroke?.style.width).toBe(42);
  });

  it('unpaints, and reports nothing painted once every mark is taken away', async () => {
    const { ref, user, onPaintedChange } = renderEditor();
    const canvas = loadPicture();
    drag(canvas, [
      [10, 10],
      [60, 10],
    ]);
    await user.click(button('Unpaint'));
    expect(button('Unpaint')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Paint')).toHaveAttribute('aria-pressed', 'false');

    // From here on the pixels say no paint is left (jsdom cannot draw).
    recording.ink.hasInk = false;
    const overlay = recording.contexts.get(canvas);
    if (overlay) overlay.hasInk = false;
    drag(canvas, [
      [10, 10],
      [60, 10],
    ]);
    const cuts = overlay?.calls.filter((call) => call.style.composite === 'destination-out');
    expect(cuts?.length).toBeGreaterThan(0);
    expect(onPaintedChange.mock.calls).toEqual([[true], [false]]);
    expect(button('Undo')).toBeEnabled();
    expect(await ref.current?.exportMask()).toBeNull();
    // Undoing the unpaint brings the paint back.
    if (overlay) overlay.hasInk = true;
    recording.ink.hasInk = true;
    await user.click(button('Undo'));
    expect(onPaintedChange).toHaveBeenLastCalledWith(true);
    expect(await ref.current?.exportMask()).not.toBeNull();
  });

  it('scrolls with two fingers instead of painting', async () => {
    const { ref, onPaintedChange } = renderEditor();
    const canvas = loadPicture();
    const viewport = screen.getByRole('group', { name: 'Picture to paint on' });
    viewport.scrollLeft = 100;
    viewport.scrollTop = 50;
    const touch = (pointerId: number, clientX: number, clientY: number) => ({
      pointerId,
      pointerType: 'touch',
      clientX,
      clientY,
    });
    fireEvent.pointerDown(canvas, touch(1, 100, 100));
    fireEvent.pointerMove(canvas, touch(1, 120, 100));
    fireEvent.pointerDown(canvas, touch(2, 200, 100));
    fireEvent.pointerMove(canvas, touch(2, 180, 60));
    // The midpoint moved by (-10, -20): the picture follows the fingers.
    expect(viewport.scrollLeft).toBe(110);
    expect(viewport.scrollTop).toBe(70);
    fireEvent.pointerUp(canvas, touch(2, 180, 60));
    fireEvent.pointerMove(canvas, touch(1, 150, 150));
    fireEvent.pointerUp(canvas, touch(1, 150, 150));
    expect(onPaintedChange).not.toHaveBeenCalled();
    expect(await ref.current?.exportMask()).toBeNull();

    drag(
      canvas,
      [
        [10, 10],
        [60, 10],
      ],
      { pointerType: 'touch', pointerId: 3 },
    );
    expect(onPaintedChange).toHaveBeenLastCalledWith(true);
  });

  it('paints nothing and changes nothing while disabled, but still zooms', async () => {
    const { ref, user, update, onPaintedChange } = renderEditor();
    const canvas = loadPicture();
    drag(canvas, [
      [10, 10],
      [60, 10],
    ]);
    update({ disabled: true });
    for (const name of ['Paint', 'Unpaint', 'Undo', 'Redo', 'Clear all paint']) {
      expect(button(name)).toBeDisabled();
    }
    expect(button('Zoom in')).toBeEnabled();
    const slider = screen.getByRole('slider', { name: 'Brush size' });
    expect(slider).toHaveAttribute('aria-disabled', 'true');
    const viewport = screen.getByRole('group', { name: 'Picture to paint on' });
    expect(viewport).toHaveAttribute('aria-disabled', 'true');

    drag(canvas, [
      [10, 100],
      [60, 100],
    ]);
    fireEvent.keyDown(viewport, { key: 'z', ctrlKey: true });
    expect(onPaintedChange.mock.calls).toEqual([[true]]);
    expect((await exportedStrokes(ref)).points).toHaveLength(2);
    await user.click(button('Zoom in'));
    expect(screen.getByText('125%')).toBeInTheDocument();
  });

  it('drops a stroke that is still being drawn when the editor gets disabled', async () => {
    const { ref, update, onPaintedChange } = renderEditor();
    const canvas = loadPicture();
    fireEvent.pointerDown(canvas, { pointerId: 1, pointerType: 'mouse', clientX: 20, clientY: 30 });
    fireEvent.pointerMove(canvas, { pointerId: 1, pointerType: 'mouse', clientX: 90, clientY: 30 });
    update({ disabled: true });
    fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'mouse', clientX: 90, clientY: 30 });
    expect(onPaintedChange).not.toHaveBeenCalled();
    expect(await ref.current?.exportMask()).toBeNull();
  });

  it('starts a new mask for a new picture', async () => {
    const { ref, update, onPaintedChange } = renderEditor();
    drag(loadPicture(), [
      [10, 10],
      [60, 10],
    ]);
    update({ imageSrc: 'blob:picture-2' });
    expect(onPaintedChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByTestId('mask-overlay')).toBeNull();
    expect(button('Undo')).toBeDisabled();
    expect(screen.getByRole('img', { name: 'Picture to edit' })).toHaveAttribute(
      'src',
      'blob:picture-2',
    );
    expect(await ref.current?.exportMask()).toBeNull();
    loadPicture(400, 200);
    expect(screen.getByTestId('mask-overlay')).toHaveAttribute('width', '500');
  });

  it('exports nothing before the picture has loaded', async () => {
    const { ref } = renderEditor();
    expect(await ref.current?.exportMask()).toBeNull();
    expect(recording.contexts.size).toBe(0);
  });

  it('says when the picture cannot be loaded', () => {
    renderEditor();
    fireEvent.error(screen.getByRole('img', { name: 'Picture to edit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The picture could not be loaded.');
    expect(screen.queryByTestId('mask-overlay')).toBeNull();
  });

  it('labels every control in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    renderEditor();
    const tools = screen.getByRole('group', { name: '涂抹工具' });
    for (const name of ['涂抹', '擦除', '撤销', '重做', '缩小', '放大', '清除全部涂抹']) {
      expect(within(tools).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('slider', { name: '画笔大小' })).toHaveAttribute(
      'aria-valuetext',
      '40 像素',
    );
  });
});
