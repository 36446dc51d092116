import '../../i18n/lazy/preview';
import AimOutlined from '@ant-design/icons/AimOutlined';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
// Type-only: erased from the build, so three.js stays out of this module's chunk.
import type { TModelStage } from './model-stage';
import { formatModelDimensions, type TModelDimensions } from './preview-format';
import type { TModelFormat } from './preview-kind';
import { hasWebGL2Api } from './webgl-support';

type TModelState = 'loading' | 'ready' | 'error' | 'empty' | 'no-webgl';

type TModelViewerProps = { url: string; filename: string; format: TModelFormat };

/**
 * A screen whose main pointer is a finger (pointer: coarse): the viewer's
 * controls are one finger to rotate, a pinch to zoom and two fingers to pan
 * (three.js OrbitControls' touch defaults), not a wheel and a right button.
 */
function isTouchFirst(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * 3D preview of STL, 3MF, OBJ and glTF files. This component is light; the
 * scene and the loaders (three.js) arrive with import() on first open. The
 * container's data-state turns 'ready' once the first frame is on screen.
 */
export function ModelViewer({ url, filename, format }: TModelViewerProps) {
  const { t } = useTranslation('preview');
  const mountRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<TModelStage | null>(null);
  const [state, setState] = useState<TModelState>(() => (hasWebGL2Api() ? 'loading' : 'no-webgl'));
  const [dimensions, setDimensions] = useState<TModelDimensions | null>(null);

  useEffect(() => {
    const mount = mountRef.current;
    if (!mount || !hasWebGL2Api()) return;
    const controller = new AbortController();
    const { signal } = controller;
    let frame = 0;
    setState('loading');
    setDimensions(null);

    const open = async () => {
      const [{ createModelStage, WebGLUnavailableError }, { loadModel, disposeObject }] =
        await Promise.all([import('./model-stage'), import('./load-model')]);
      if (signal.aborted) return;
      try {
        stageRef.current = createModelStage(mount, () => setState('no-webgl'));
      } catch (error) {
        if (error instanceof WebGLUnavailableError) return setState('no-webgl');
        throw error;
      }
      const model = await loadModel(url, format, signal);
      const stage = stageRef.current;
      if (signal.aborted || !stage) return disposeObject(model.object);
      const size = formatModelDimensions(model.box);
      if (!size) {
        disposeObject(model.object);
        return setState('empty');
      }
      stage.show(model);
      setDimensions(size);
      // Wait for the browser to present the frame before saying 'ready'.
      frame = requestAnimationFrame(() => setState('ready'));
    };

    open().catch((error: unknown) => {
      if (signal.aborted) return;
      console.warn('Model preview failed', error);
      setState('error');
    });

    return () => {
      controller.abort();
      cancelAnimationFrame(frame);
      stageRef.current?.dispose();
      stageRef.current = null;
    };
  }, [url, format]);

  const message = {
    loading: null,
    ready: null,
    error: t('loadFailed'),
    empty: t('model.empty'),
    'no-webgl': t('model.noWebgl'),
  }[state];

  return (
    <section
      className="model-viewer"
      data-testid="model-viewer"
      data-state={state}
      aria-label={t('model.viewer', { filename })}
    >
      <div ref={mountRef} className="model-viewer__mount" />
      {state === 'loading' && (
        <div className="preview-overlay" role="status">
          <Spin size="large" />
          <span>{t('loading')}</span>
        </div>
      )}
      {message && (
        <div className="preview-overlay preview-overlay--message" role="alert">
          {message}
        </div>
      )}
      {state === 'ready' && (
        <div className="preview-toolbar model-viewer__toolbar">
          {dimensions && (
            <span className="preview-toolbar__info" title={t('model.dimensionsLabel')}>
              <span data-testid="model-dimensions">{t('model.dimensions', dimensions)}</span>
            </span>
          )}
          <span className="preview-toolbar__hint" data-testid="model-hint">
            {t(isTouchFirst() ? 'model.hintTouch' : 'model.hint')}
          </span>
          <Button size="small" icon={<AimOutlined />} onClick={() => stageRef.current?.resetView()}>
            {t('model.resetView')}
          </Button>
        </div>
      )}
    </section>
  );
}
