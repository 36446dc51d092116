import '../../i18n/lazy/preview';
import CompressOutlined from '@ant-design/icons/CompressOutlined';
import ZoomInOutlined from '@ant-design/icons/ZoomInOutlined';
import ZoomOutOutlined from '@ant-design/icons/ZoomOutOutlined';
import Button from 'antd/es/button';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type TZoomPaneProps = {
  /** The content's own size (any unit: only the ratio and the fit matter); null until known. */
  naturalSize: { width: number; height: number } | null;
  /** Vectors may grow past their own size to fill the view; bitmaps stop at 100 %. */
  canUpscale: boolean;
  /** 'checker' shows transparency, 'paper' is a white sheet for line drawings. */
  surface: 'plain' | 'checker' | 'paper';
  /** Text shown at the start of the toolbar, e.g. the drawing's size. */
  info?: ReactNode;
  children: ReactNode;
};

const ZOOM_STEP = 1.25;
const MIN_ZOOM = 0.1;
const MAX_ZOOM = 20;

/**
 * Zoom for flat previews (images, SVG, DXF). The zoom is relative to "fit":
 * 100 % shows the whole picture in the view; larger zooms scroll.
 */
export function ZoomPane({ naturalSize, canUpscale, surface, info, children }: TZoomPaneProps) {
  const { t } = useTranslation('preview');
  const viewportRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<{ width: number; height: number } | null>(null);
  const [zoom, setZoom] = useState(1);

  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const measure = () => {
      // clientWidth includes the padding that keeps the picture off the toolbar.
      const style = window.getComputedStyle(element);
      const px = (value: string) => Number.parseFloat(value) || 0;
      const width = element.clientWidth - px(style.paddingLeft) - px(style.paddingRight);
      const height = element.clientHeight - px(style.paddingTop) - px(style.paddingBottom);
      setViewport(width > 0 && height > 0 ? { width, height } : null);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const fit =
    naturalSize && viewport && naturalSize.width > 0 && naturalSize.height > 0
      ? Math.min(
          viewport.width / naturalSize.width,
          viewport.height / naturalSize.height,
          canUpscale ? Number.POSITIVE_INFINITY : 1,
        )
      : null;
  const stageStyle =
    fit && naturalSize
      ? { width: naturalSize.width * fit * zoom, height: naturalSize.height * fit * zoom }
      : undefined;
  const changeZoom = (factor: number) =>
    setZoom((value) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, value * factor)));

  return (
    <div className="zoom-pane">
      <div ref={viewportRef} className="zoom-pane__viewport">
        <div
          className={`zoom-pane__stage zoom-pane__stage--${surface}${stageStyle ? '' : ' zoom-pane__stage--auto'}`}
          style={stageStyle}
        >
          {children}
        </div>
      </div>
      <div className="preview-toolbar">
        {info && <span className="preview-toolbar__info">{info}</span>}
        <Button
          size="small"
          icon={<ZoomOutOutlined />}
          aria-label={t('zoom.out')}
          title={t('zoom.out')}
          disabled={zoom <= MIN_ZOOM}
          onClick={() => changeZoom(1 / ZOOM_STEP)}
        />
        <span className="preview-toolbar__zoom" aria-live="polite">
          {t('zoom.level', { percent: Math.round(zoom * 100) })}
        </span>
        <Button
          size="small"
          icon={<ZoomInOutlined />}
          aria-label={t('zoom.in')}
          title={t('zoom.in')}
          disabled={zoom >= MAX_ZOOM}
          onClick={() => changeZoom(ZOOM_STEP)}
        />
        <Button
          size="small"
          icon={<CompressOutlined />}
          aria-label={t('zoom.fit')}
          title={t('zoom.fit')}
          onClick={() => setZoom(1)}
        >
          {t('zoom.fit')}
        </Button>
      </div>
    </div>
  );
}
