import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ConfigProvider from 'antd/es/config-provider';
import { createRef, type ReactNode, type RefObject } from 'react';
import { beforeEach, vi } from 'vitest';
import { AntdScope } from '../../app/AntdScope';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { MaskEditor, type TMaskEditorHandle, type TMaskEditorProps } from './MaskEditor';
import {
  installRecordingCanvas,
  layOutMaskEditor,
  pathPoints,
  type TRecordingContext,
} from './mask-canvas.fakes';

/** antd's style sheets go to a detached element so role queries stay fast (as in render-app). */
const DETACHED_STYLES = document.createElement('div');
function Providers({ children }: { children: ReactNode }) {
  return (
    <AppProviders queryClient={createQueryClient()}>
      <StyleProvider container={DETACHED_STYLES}>
        <ConfigProvider wave={{ disabled: true }} theme={{ token: { motion: false } }}>
          <AntdScope>{children}</AntdScope>
        </ConfigProvider>
      </StyleProvider>
    </AppProviders>
  );
}

/** The mask editor on a picture, with the page's painted-change callback and a rerender. */
export function renderEditor(props: Partial<TMaskEditorProps> = {}) {
  const ref = createRef<TMaskEditorHandle>();
  const onPaintedChange = vi.fn();
  const ui = (next: Partial<TMaskEditorProps>) => (
    <MaskEditor ref={ref} imageSrc="blob:picture-1" onPaintedChange={onPaintedChange} {...next} />
  );
  const user = userEvent.setup();
  const view = render(ui(props), { wrapper: Providers });
  return {
    ...view,
    ref,
    user,
    onPaintedChange,
    update: (next: Partial<TMaskEditorProps>) => view.rerender(ui(next)),
  };
}

/** This test's recording canvases, and whether their pixels report ink. */
export type TMaskCanvas = {
  contexts: Map<HTMLCanvasElement, TRecordingContext>;
  ink: { hasInk: boolean };
};

/**
 * Before each test of the file: a fresh recording canvas (every pixel
 * painted until `ink.hasInk` is set false) and the editor's layout. Returns
 * the current test's canvas and the strokes of an exported mask.
 */
export function setUpMaskCanvas() {
  const canvas: TMaskCanvas = { contexts: new Map(), ink: { hasInk: true } };
  beforeEach(() => {
    canvas.ink = { hasInk: true };
    canvas.contexts = installRecordingCanvas(canvas.ink);
    layOutMaskEditor();
  });

  /** The strokes of the exported mask: [lineWidth or dot, colour, points]. */
  async function exportedStrokes(ref: RefObject<TMaskEditorHandle | null>) {
    const before = new Set(canvas.contexts.keys());
    const blob = await ref.current?.exportMask();
    const [created] = [...canvas.contexts.keys()].filter((item) => !before.has(item));
    const calls = created ? (canvas.contexts.get(created)?.calls ?? []) : [];
    return { blob, canvas: created, calls, points: pathPoints(calls) };
  }

  return { canvas, exportedStrokes };
}
