import Checkbox from 'antd/es/checkbox';
import Spin from 'antd/es/spin';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { layerDetail, readSvgLayers, type TLayerDetail, withHiddenLayers } from './svg-layers';

/**
 * An SVG result on a white sheet with its size in mm and each layer (cut or
 * engrave) toggled on and off. The picture is shown through <img>, so the
 * document can run nothing.
 */
export function SvgResult({ url }: { url: string }) {
  const { t } = useTranslation('ai');
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    const controller = new AbortController();
    setText(null);
    setFailed(false);
    setHidden(new Set());
    fetch(url, { signal: controller.signal })
      .then((response) => (response.ok ? response.text() : Promise.reject(response.status)))
      .then(setText)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [url]);

  const info = useMemo(() => (text ? readSvgLayers(text) : null), [text]);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return;
    const blobUrl = URL.createObjectURL(
      new Blob([withHiddenLayers(text, hidden)], { type: 'image/svg+xml' }),
    );
    setSrc(blobUrl);
    return () => URL.revokeObjectURL(blobUrl);
  }, [text, hidden]);

  const detailText = (detail: TLayerDetail): string | null => {
    if (!detail) return null;
    if (detail.kind === 'color') return ` · ${t('result.layerName.color', { n: detail.n })}`;
    if (detail.kind === 'base') return ` · ${t('result.layerName.base')}`;
    return ` · ${detail.id}`;
  };

  if (failed) return <p role="alert">{t('result.previewFailed')}</p>;
  if (!text || !src) return <Spin />;
  return (
    <div className="ai-svg" data-testid="ai-svg-result">
      <div className="ai-svg__sheet">
        <img src={src} alt={t('result.vectorAlt')} />
      </div>
      <div className="ai-svg__side">
        {info?.widthMm && info.heightMm ? (
          <p className="ai-svg__size" data-testid="ai-svg-size">
            {t('result.sizeMm', {
              width: info.widthMm.toFixed(1),
              height: info.heightMm.toFixed(1),
            })}
          </p>
        ) : null}
        <ul className="ai-svg__layers" aria-label={t('result.layers')}>
          {info?.layers.map((layer) => (
            <li key={layer.id}>
              <Checkbox
                checked={!hidden.has(layer.id)}
                onChange={(event) => {
                  const next = new Set(hidden);
                  if (event.target.checked) next.delete(layer.id);
                  else next.add(layer.id);
                  setHidden(next);
                }}
              >
                <span className="ai-svg__swatch" style={{ background: layer.color }} />
                {t(`result.layer.${layer.role}`)}
                {detailText(layerDetail(layer))}
              </Checkbox>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
