import ClearOutlined from '@ant-design/icons/ClearOutlined';
import CompressOutlined from '@ant-design/icons/CompressOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import HighlightOutlined from '@ant-design/icons/HighlightOutlined';
import RedoOutlined from '@ant-design/icons/RedoOutlined';
import UndoOutlined from '@ant-design/icons/UndoOutlined';
import ZoomInOutlined from '@ant-design/icons/ZoomInOutlined';
import ZoomOutOutlined from '@ant-design/icons/ZoomOutOutlined';
import Button from 'antd/es/button';
import Slider from 'antd/es/slider';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BRUSH_MAX, BRUSH_MIN, MAX_ZOOM_STEP, MIN_ZOOM_STEP, zoomOf } from './mask-geometry';
import type { TBrushMode } from './mask-history';

export type TMaskToolbarProps = {
  mode: TBrushMode;
  onModeChange: (mode: TBrushMode) => void;
  brushSize: number;
  onBrushSizeChange: (size: number) => void;
  zoomStep: number;
  onZoomStepChange: (step: number) => void;
  canUndo: boolean;
  canRedo: boolean;
  canClear: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onClear: () => void;
  disabled: boolean;
};

/** The mask editor's controls; wraps onto several rows on a phone. */
export function MaskToolbar(props: TMaskToolbarProps) {
  const { t } = useTranslation('ai');
  const { mode, zoomStep, disabled } = props;
  const sizeText = (size?: number) => t('mask.brushSize', { size: size ?? props.brushSize });
  const modeButton = (value: TBrushMode, icon: ReactNode) => (
    <Button
      size="small"
      type={mode === value ? 'primary' : 'default'}
      icon={icon}
      aria-pressed={mode === value}
      aria-label={t(`mask.${value}`)}
      title={t(`mask.${value}Hint`)}
      disabled={disabled}
      onClick={() => props.onModeChange(value)}
    >
      {t(`mask.${value}`)}
    </Button>
  );

  return (
    // biome-ignore lint/a11y/useSemanticElements: buttons and a slider, not form fields, so no fieldset.
    <div className="mask-editor__toolbar" role="group" aria-label={t('mask.tools')}>
      {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not form fields, so no fieldset. */}
      <div className="mask-editor__group" role="group" aria-label={t('mask.mode')}>
        {modeButton('paint', <HighlightOutlined />)}
        {modeButton('unpaint', <ClearOutlined />)}
      </div>
      <div className="mask-editor__brush">
        <span className="mask-editor__brush-label">{t('mask.brush')}</span>
        <Slider
          className="mask-editor__slider"
          min={BRUSH_MIN}
          max={BRUSH_MAX}
          value={props.brushSize}
          disabled={disabled}
          onChange={(value) => props.onBrushSizeChange(value)}
          ariaLabelForHandle={t('mask.brush')}
          ariaValueTextFormatterForHandle={sizeText}
          tooltip={{ formatter: sizeText }}
        />
      </div>
      <div className="mask-editor__group">
        <Button
          size="small"
          icon={<UndoOutlined />}
          aria-label={t('mask.undo')}
          title={t('mask.undoHint')}
          aria-keyshortcuts="Control+Z Meta+Z"
          disabled={disabled || !props.canUndo}
          onClick={props.onUndo}
        />
        <Button
          size="small"
          icon={<RedoOutlined />}
          aria-label={t('mask.redo')}
          title={t('mask.redoHint')}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
          disabled={disabled || !props.canRedo}
          onClick={props.onRedo}
        />
      </div>
      <div className="mask-editor__group">
        <Button
          size="small"
          icon={<ZoomOutOutlined />}
          aria-label={t('mask.zoomOut')}
          title={t('mask.zoomOut')}
          disabled={zoomStep <= MIN_ZOOM_STEP}
          onClick={() => props.onZoomStepChange(zoomStep - 1)}
        />
        <span className="mask-editor__zoom" aria-live="polite">
          {t('mask.zoomLevel', { percent: Math.round(zoomOf(zoomStep) * 100) })}
        </span>
        <Button
          size="small"
          icon={<ZoomInOutlined />}
          aria-label={t('mask.zoomIn')}
          title={t('mask.zoomIn')}
          disabled={zoomStep >= MAX_ZOOM_STEP}
          onClick={() => props.onZoomStepChange(zoomStep + 1)}
        />
        <Button
          size="small"
          icon={<CompressOutlined />}
          aria-label={t('mask.fitHint')}
          title={t('mask.fitHint')}
          onClick={() => props.onZoomStepChange(0)}
        >
          {t('mask.fit')}
        </Button>
      </div>
      <Button
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('mask.clear')}
        title={t('mask.clear')}
        disabled={disabled || !props.canClear}
        onClick={props.onClear}
      />
    </div>
  );
}
