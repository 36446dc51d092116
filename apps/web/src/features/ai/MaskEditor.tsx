import './i18n';
import './mask-editor.css';
import {
  forwardRef,
  type KeyboardEvent as ReactKeyboardEvent,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { MaskToolbar } from './MaskToolbar';
import {
  BRUSH_DEFAULT,
  clampZoomStep,
  displaySize,
  fitScale,
  keepCentre,
  overlayResolution,
  shortcutFor,
  type TSize,
  zoomOf,
} from './mask-geometry';
import {
  canRedo,
  canUndo,
  createHistory,
  hasPaint,
  hasUnpaint,
  maskHistoryReducer,
  type TBrushMode,
} from './mask-history';
import { exportMaskPng, hasInk, maskCoverage, renderOverlay } from './mask-render';
import { useMaskPainting } from './use-mask-painting';

export type TMaskEditorHandle = {
  /** The mask at the picture's natural size: white where painted, black elsewhere, as a PNG Blob; null when nothing is painted. */
  exportMask(): Promise<Blob | null>;
  /** Share (0-1) of the picture the mask covers. */
  coverage(): number;
  clear(): void;
};

export type TMaskEditorProps = {
  /** Object URL or same-origin URL of the picture to paint on. */
  imageSrc: string;
  /** Called whenever the painted state changes (true when at least one stroke is visible). */
  onPaintedChange?: (painted: boolean) => void;
  disabled?: boolean;
};

/** The picture may take this share of the window's height at "fit" (matches the CSS). */
const VIEWPORT_HEIGHT_SHARE = 0.7;

/**
 * The local eraser's mask painter (SPEC 1 and 4: image editing). Strokes are kept in
 * picture pixels, so they stay on the picture at every zoom, and are replayed
 * for the overlay and for the exported mask.
 */
export const MaskEditor = forwardRef<TMaskEditorHandle, TMaskEditorProps>(function MaskEditor(
  { imageSrc, onPaintedChange, disabled = false },
  ref,
) {
  const { t } = useTranslation('ai');
  const hintId = useId();
  const [history, dispatch] = useReducer(maskHistoryReducer, undefined, createHistory);
  const [shownSrc, setShownSrc] = useState(imageSrc);
  const [natural, setNatural] = useState<TSize | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const [available, setAvailable] = useState<TSize | null>(null);
  const [zoomStep, setZoomStep] = useState(0);
  const [brushSize, setBrushSize] = useState(BRUSH_DEFAULT);
  const [mode, setMode] = useState<TBrushMode>('paint');
  const viewportRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const cursorRef = useRef<HTMLDivElement>(null);
  const pendingScrollRef = useRef<{ left: number; top: number } | null>(null);
  const reportedRef = useRef(false);
  const latestRef = useRef({ present: history.present, natural, onPaintedChange });

  // A new picture starts a new mask.
  if (shownSrc !== imageSrc) {
    setShownSrc(imageSrc);
    dispatch({ type: 'reset' });
    setNatural(null);
    setHasFailed(false);
    setZoomStep(0);
  }

  useLayoutEffect(() => {
    latestRef.current = { present: history.present, natural, onPaintedChange };
  });

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const measure = () => {
      // The viewport's max-height includes its border.
      const width = viewport.clientWidth;
      const height =
        Math.floor(window.innerHeight * VIEWPORT_HEIGHT_SHARE) - 2 * viewport.clientTop;
      setAvailable((previous) =>
        previous?.width === width && previous.height === height ? previous : { width, height },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  const fit = fitScale(natural, available);
  const stage = natural && fit !== null ? displaySize(natural, fit * zoomOf(zoomStep)) : null;
  const overlay = natural
    ? overlayResolution(
        natural,
        stage ? stage.width / natural.width : 1,
        window.devicePixelRatio || 1,
      )
    : null;
  const overlayWidth = overlay?.width ?? 0;
  const overlayHeight = overlay?.height ?? 0;

  // Replays the strokes whenever they or the overlay's resolution change, then tells the page.
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const size = { width: overlayWidth, height: overlayHeight };
    const ctx = canvas && natural && size.width > 0 ? canvas.getContext('2d') : null;
    let painted = hasPaint(history.present);
    if (ctx && natural) {
      renderOverlay(ctx, history.present, size, natural);
      if (painted && hasUnpaint(history.present)) {
        painted = hasInk(ctx.getImageData(0, 0, size.width, size.height).data, 3);
      }
    }
    if (painted !== reportedRef.current) {
      reportedRef.current = painted;
      latestRef.current.onPaintedChange?.(painted);
    }
  }, [history.present, natural, overlayWidth, overlayHeight]);

  // Keeps the centre of the view in place across zoom steps.
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    const scroll = pendingScrollRef.current;
    if (!viewport || !scroll) return;
    pendingScrollRef.current = null;
    viewport.scrollLeft = scroll.left;
    viewport.scrollTop = scroll.top;
  });

  const { abortStroke, canvasHandlers } = useMaskPainting({
    canvasRef,
    viewportRef,
    cursorRef,
    imageSrc,
    natural,
    present: history.present,
    mode,
    brushSize,
    disabled,
    onStroke: (stroke) => dispatch({ type: 'stroke', stroke }),
  });

  useImperativeHandle(
    ref,
    () => ({
      exportMask: async () => {
        const { present, natural: size } = latestRef.current;
        return size ? exportMaskPng(present, size) : null;
      },
      coverage: () => {
        const { present, natural: size } = latestRef.current;
        return size ? maskCoverage(present, size) : 0;
      },
      clear: () => {
        abortStroke();
        dispatch({ type: 'clear' });
      },
    }),
    [abortStroke],
  );

  const handleKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const action = shortcutFor(event);
    if (!action || disabled) return;
    event.preventDefault();
    dispatch({ type: action });
  };

  const changeZoom = (step: number) => {
    const next = clampZoomStep(step);
    const viewport = viewportRef.current;
    if (viewport && stage && natural && fit !== null) {
      const nextStage = displaySize(natural, fit * zoomOf(next));
      pendingScrollRef.current = {
        left: keepCentre(viewport.scrollLeft, viewport.clientWidth, stage.width, nextStage.width),
        top: keepCentre(viewport.scrollTop, viewport.clientHeight, stage.height, nextStage.height),
      };
    }
    setZoomStep(next);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: catches the undo and redo shortcuts from any control of the editor
    <div
      className={`mask-editor${disabled ? ' mask-editor--disabled' : ''}`}
      onKeyDown={handleKeyDown}
    >
      <MaskToolbar
        mode={mode}
        onModeChange={setMode}
        brushSize={brushSize}
        onBrushSizeChange={setBrushSize}
        zoomStep={zoomStep}
        onZoomStepChange={changeZoom}
        canUndo={canUndo(history)}
        canRedo={canRedo(history)}
        canClear={history.present.length > 0}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
        onClear={() => dispatch({ type: 'clear' })}
        disabled={disabled}
      />
      {/* biome-ignore lint/a11y/useSemanticElements: the painting surface, not a form field, so no fieldset. */}
      <div
        ref={viewportRef}
        className="mask-editor__viewport"
        role="group"
        aria-label={t('mask.canvas')}
        aria-describedby={hintId}
        aria-disabled={disabled || undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable picture takes focus so keys scroll it and undo works after painting
        tabIndex={0}
      >
        {hasFailed ? (
          <div className="mask-editor__message" role="alert">
            {t('mask.loadFailed')}
          </div>
        ) : (
          <div className="mask-editor__stage" style={stage ?? undefined}>
            <img
              className="mask-editor__image"
              src={imageSrc}
              alt={t('mask.imageAlt')}
              draggable={false}
              onLoad={(event) => {
                const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
                // A picture without a size (some SVGs) cannot be masked pixel by pixel.
                if (width > 0 && height > 0) setNatural({ width, height });
                else setHasFailed(true);
              }}
              onError={() => setHasFailed(true)}
            />
            {natural && (
              <canvas
                ref={canvasRef}
                className="mask-editor__overlay"
                data-testid="mask-overlay"
                width={overlayWidth}
                height={overlayHeight}
                {...canvasHandlers}
              />
            )}
            <div ref={cursorRef} className="mask-editor__cursor" hidden aria-hidden="true" />
          </div>
        )}
      </div>
      <p id={hintId} className="mask-editor__hint">
        {t('mask.hint')}
      </p>
    </div>
  );
});
