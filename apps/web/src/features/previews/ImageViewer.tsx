import '../../i18n/lazy/preview';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZoomPane } from './ZoomPane';

type TImageViewerProps = { url: string; filename: string; isVector: boolean };

/**
 * Bitmaps and SVG. SVG goes through <img> on purpose: an image never runs
 * script or loads anything, on top of the server's sanitising and CSP
 * (ADR 0005). The checkerboard shows where an SVG or PNG is transparent.
 */
export function ImageViewer({ url, filename, isVector }: TImageViewerProps) {
  const { t } = useTranslation('preview');
  const [naturalSize, setNaturalSize] = useState<{ width: number; height: number } | null>(null);
  const [hasFailed, setHasFailed] = useState(false);

  if (hasFailed) {
    return (
      <div className="preview-message" role="alert">
        {t('loadFailed')}
      </div>
    );
  }

  return (
    <ZoomPane naturalSize={naturalSize} canUpscale={isVector} surface="checker">
      <img
        src={url}
        alt={t(isVector ? 'vector.alt' : 'image.alt', { filename })}
        className="preview-image"
        draggable={false}
        onLoad={(event) => {
          const image = event.currentTarget;
          setNaturalSize({ width: image.naturalWidth, height: image.naturalHeight });
        }}
        onError={() => setHasFailed(true)}
      />
    </ZoomPane>
  );
}
