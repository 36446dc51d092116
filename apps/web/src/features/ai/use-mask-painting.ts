import {
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import { clientToPicture, isFarEnough, pointSpacing, type TSize } from './mask-geometry';
import type { TBrushMode, TPoint, TStroke, TStrokes } from './mask-history';
import { renderOverlay, setOverlayBrush, setPictureSpace, traceStroke } from './mask-render';

type TLiveStroke = {
  pointerId: number;
  imageSrc: string;
  mode: TBrushMode;
  size: number;
  points: TPoint[];
};
type TClientPoint = { clientX: number; clientY: number };
type TCanvasPointerEvent = ReactPointerEvent<HTMLCanvasElement>;

export type TMaskPaintingOptions = {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  viewportRef: RefObject<HTMLDivElement | null>;
  cursorRef: RefObject<HTMLDivElement | null>;
  imageSrc: string;
  natural: TSize | null;
  present: TStrokes;
  mode: TBrushMode;
  brushSize: number;
  disabled: boolean;
  onStroke: (stroke: TStroke) => void;
};

const midpoint = (points: Iterable<{ x: number; y: number }>) => {
  const list = [...points];
  const sum = list.reduce((total, point) => ({ x: total.x + point.x, y: total.y + point.y }), {
    x: 0,
    y: 0,
  });
  return { x: sum.x / list.length, y: sum.y / list.length };
};

/**
 * Pointer Events on the overlay canvas: one pointer paints (mouse, pen or a
 * finger, with pointer capture so a stroke may leave the picture and come
 * back); a second finger turns the gesture into scrolling the zoomed view.
 * The stroke being drawn is painted segment by segment; once finished it is
 * handed to `onStroke` and from then on replayed with the others.
 */
export function useMaskPainting(options: TMaskPaintingOptions) {
  const { canvasRef, viewportRef, cursorRef, natural, disabled, onStroke } = options;
  const liveRef = useRef<TLiveStroke | null>(null);
  const touchesRef = useRef(new Map<number, { x: number; y: number }>());
  const latestRef = useRef({ present: options.present, natural, imageSrc: options.imageSrc });

  useLayoutEffect(() => {
    latestRef.current = { present: options.present, natural, imageSrc: options.imageSrc };
  });

  /** Drops the stroke being drawn and shows the mask as it was. */
  const abortStroke = useCallback(() => {
    if (!liveRef.current) return;
    liveRef.current = null;
    const canvas = canvasRef.current;
    const { present, natural: size } = latestRef.current;
    const ctx = canvas && size ? canvas.getContext('2d') : null;
    if (canvas && ctx && size) renderOverlay(ctx, present, canvas, size);
  }, [canvasRef]);

  useEffect(() => {
    if (disabled) abortStroke();
  }, [disabled, abortStroke]);

  const pictureAt = (event: TClientPoint): TPoint | null => {
    const canvas = canvasRef.current;
    if (!canvas || !natural) return null;
    return clientToPicture(event.clientX, event.clientY, canvas.getBoundingClientRect(), natural);
  };

  const drawSegment = (live: TLiveStroke, from: TPoint | undefined, to: TPoint) => {
    const canvas = canvasRef.current;
    const ctx = canvas && natural ? canvas.getContext('2d') : null;
    if (!canvas || !ctx || !natural) return;
    setPictureSpace(ctx, canvas, natural);
    setOverlayBrush(ctx, live.mode);
    traceStroke(ctx, from ? [from, to] : [to], live.size);
    ctx.globalCompositeOperation = 'source-over';
  };

  const extendStroke = (live: TLiveStroke, point: TPoint, isLast: boolean) => {
    const last = live.points.at(-1);
    // The last position is always kept so the stroke ends under the pointer.
    const spacing = isLast ? Number.MIN_VALUE : pointSpacing(live.size);
    if (!isFarEnough(last, point, spacing)) return;
    live.points.push(point);
    drawSegment(live, last, point);
  };

  const hideCursor = () => {
    if (cursorRef.current) cursorRef.current.hidden = true;
  };

  /** The round brush outline follows a mouse or pen; a finger covers it anyway. */
  const showCursor = (event: TCanvasPointerEvent) => {
    const cursor = cursorRef.current;
    if (!cursor || !natural || event.pointerType === 'touch' || disabled) {
      hideCursor();
      return;
    }
    const rect = event.currentTarget.getBoundingClientRect();
    const diameter = (options.brushSize * rect.width) / natural.width;
    const x = event.clientX - rect.left - diameter / 2;
    const y = event.clientY - rect.top - diameter / 2;
    cursor.style.width = `${diameter}px`;
    cursor.style.height = `${diameter}px`;
    cursor.style.transform = `translate(${x}px, ${y}px)`;
    cursor.hidden = false;
  };

  const onPointerDown = (event: TCanvasPointerEvent) => {
    if (disabled || !natural || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    viewportRef.current?.focus({ preventScroll: true });
    try {
      event.currentTarget.setPointerCapture?.(event.pointerId);
    } catch {
      // The pointer is already gone; its up event still ends the stroke.
    }
    const touches = touchesRef.current;
    if (event.pointerType === 'touch') {
      touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (touches.size >= 2) {
        abortStroke();
        return;
      }
    }
    const point = pictureAt(event);
    if (!point) return;
    const { imageSrc, mode, brushSize: size } = options;
    const live = { pointerId: event.pointerId, imageSrc, mode, size, points: [point] };
    liveRef.current = live;
    drawSegment(live, undefined, point);
  };

  const onPointerMove = (event: TCanvasPointerEvent) => {
    showCursor(event);
    const touches = touchesRef.current;
    if (touches.size >= 2 && touches.has(event.pointerId)) {
      const before = midpoint(touches.values());
      touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const after = midpoint(touches.values());
      const viewport = viewportRef.current;
      if (viewport) {
        viewport.scrollLeft -= after.x - before.x;
        viewport.scrollTop -= after.y - before.y;
      }
      return;
    }
    const live = liveRef.current;
    if (!live || live.pointerId !== event.pointerId) return;
    // Coalesced events carry the positions the browser merged into this one.
    const merged = event.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const sample of merged.length > 0 ? merged : [event]) {
      const point = pictureAt(sample);
      if (point) extendStroke(live, point, false);
    }
  };

  const onPointerUp = (event: TCanvasPointerEvent) => {
    touchesRef.current.delete(event.pointerId);
    const live = liveRef.current;
    if (!live || live.pointerId !== event.pointerId) return;
    const point = pictureAt(event);
    if (point) extendStroke(live, point, true);
    liveRef.current = null;
    // A stroke begun on the previous picture does not belong to the new one.
    if (live.imageSrc !== latestRef.current.imageSrc) return;
    onStroke({ mode: live.mode, size: live.size, points: live.points });
  };

  const onPointerCancel = (event: TCanvasPointerEvent) => {
    touchesRef.current.delete(event.pointerId);
    if (liveRef.current?.pointerId === event.pointerId) abortStroke();
  };

  return {
    abortStroke,
    canvasHandlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel,
      onPointerLeave: hideCursor,
    },
  };
}
