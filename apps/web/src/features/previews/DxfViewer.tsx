import '../../i18n/lazy/preview';
import Spin from 'antd/es/spin';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
// Type-only: the parser itself arrives with import() when a DXF preview opens.
import type { TDxfSvg } from './dxf-to-svg';
import { fetchFileText } from './fetch-file';
import { formatDrawingLength } from './preview-format';
import { ZoomPane } from './ZoomPane';

type TDxfViewerProps = { url: string; filename: string };

type TDxfState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; drawing: TDxfSvg };

/** A DXF drawing as inline SVG on a white sheet, with its size in drawing units. */
export function DxfViewer({ url, filename }: TDxfViewerProps) {
  const { t } = useTranslation('preview');
  const [state, setState] = useState<TDxfState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    Promise.all([fetchFileText(url, controller.signal), import('./dxf-to-svg')])
      .then(([text, { dxfToSvg }]) => {
        if (!controller.signal.aborted) setState({ status: 'ready', drawing: dxfToSvg(text) });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('DXF preview failed', error);
        setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [url]);

  if (state.status === 'loading') {
    return (
      <div className="preview-message" role="status">
        <Spin size="large" />
        <span>{t('loading')}</span>
      </div>
    );
  }
  if (state.status === 'error' || !state.drawing.bounds) {
    return (
      <div className="preview-message" role="alert">
        {t(state.status === 'error' ? 'loadFailed' : 'vector.empty')}
      </div>
    );
  }

  const { drawing } = state;
  const [, , boxWidth = 1, boxHeight = 1] = drawing.viewBox.split(' ').map(Number);
  const size = t('vector.size', {
    width: formatDrawingLength(drawing.width),
    height: formatDrawingLength(drawing.height),
    unit: t(`vector.units.${drawing.unit}`),
  });

  return (
    <ZoomPane
      naturalSize={{ width: boxWidth, height: boxHeight }}
      canUpscale
      surface="paper"
      info={
        <span title={t('vector.sizeLabel')} data-testid="drawing-size">
          {size}
        </span>
      }
    >
      <svg
        className="dxf-drawing"
        viewBox={drawing.viewBox}
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label={t('vector.drawing', { filename })}
        data-testid="dxf-drawing"
      >
        <path d={drawing.paths.join(' ')} vectorEffect="non-scaling-stroke" />
      </svg>
    </ZoomPane>
  );
}
