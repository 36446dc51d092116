import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import HighlightOutlined from '@ant-design/icons/HighlightOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import { IMAGE_MIMES, LIMITS } from '@layerline/contract';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSourceImage } from './ai-create.store';

export type TImageProblem = 'notImage' | 'tooLarge' | 'oneImage';

/** SPEC 5 AI upload: image format only, up to 10 MB, only one image. */
export function checkAiImage(files: readonly File[]): TImageProblem | null {
  if (files.length !== 1) return 'oneImage';
  const file = files[0] as File;
  if (!(IMAGE_MIMES as readonly string[]).includes(file.type)) return 'notImage';
  if (file.size > LIMITS.imageUploadMaxBytes) return 'tooLarge';
  return null;
}

type TSourceImageFieldProps = {
  source: TSourceImage | null;
  uploadPercent: number | null;
  uploadError: string | null;
  disabled: boolean;
  onPick: (file: File) => void;
  onClear: () => void;
  /** Opens the image editing modal (SPEC 4: the local eraser). */
  onEdit?: () => void;
};

/**
 * The source picture: click to choose, drop a file, or paste an image
 * anywhere on the page. Checked here by SPEC 5's rules and again by the
 * server when it is uploaded.
 */
export function SourceImageField({
  source,
  uploadPercent,
  uploadError,
  disabled,
  onPick,
  onClear,
  onEdit,
}: TSourceImageFieldProps) {
  const { t } = useTranslation('ai');
  const [problem, setProblem] = useState<TImageProblem | null>(null);
  const [isOver, setOver] = useState(false);

  const take = (files: File[]) => {
    const found = checkAiImage(files);
    setProblem(found);
    if (!found) onPick(files[0] as File);
  };

  // Paste: the first image on the clipboard becomes the source picture. The
  // listener is added once; it reads the newest `take` through the ref.
  const takeRef = useRef(take);
  takeRef.current = take;
  useEffect(() => {
    if (disabled) return;
    const onPaste = (event: ClipboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"]')) return;
      const files = Array.from(event.clipboardData?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      takeRef.current(files.slice(0, 1));
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [disabled]);

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(Array.from(event.dataTransfer.files ?? []));
  };

  const message = problem
    ? t(`input.problems.${problem}`, { max: LIMITS.imageUploadMaxBytes / 1024 / 1024 })
    : uploadError;

  return (
    <div className="ai-source">
      {source ? (
        <div
          className="ai-source__picked"
          data-testid="ai-source-preview"
          data-uploaded={source.url ? 'yes' : 'no'}
        >
          <img src={source.preview} alt={source.name} className="ai-source__image" />
          <div className="ai-source__bar">
            <span className="ai-source__name" title={source.name}>
              {source.name}
            </span>
            {onEdit && (
              <Button
                size="small"
                icon={<HighlightOutlined />}
                onClick={onEdit}
                disabled={disabled || !source.url}
              >
                {t('input.edit')}
              </Button>
            )}
            <Button
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('input.remove')}
              onClick={() => {
                setProblem(null);
                onClear();
              }}
              disabled={disabled}
            />
          </div>
          {uploadPercent !== null && (
            <Progress percent={uploadPercent} size="small" aria-label={t('input.uploading')} />
          )}
        </div>
      ) : (
        <label
          className={`ai-source__drop${isOver ? ' ai-source__drop--over' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            if (!disabled) setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          htmlFor="ai-source-input"
        >
          <PictureOutlined className="ai-source__icon" />
          <span className="ai-source__title">{t('input.drop')}</span>
          <span className="ai-source__hint">
            {t('input.hint', { max: LIMITS.imageUploadMaxBytes / 1024 / 1024 })}
          </span>
        </label>
      )}
      <input
        id="ai-source-input"
        type="file"
        className="visually-hidden"
        accept={IMAGE_MIMES.join(',')}
        disabled={disabled}
        data-testid="ai-source-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) take(files);
        }}
      />
      {message && (
        <div className="ai-source__error" role="alert">
          {message}
        </div>
      )}
    </div>
  );
}
