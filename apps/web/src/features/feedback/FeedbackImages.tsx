import '../../i18n/lazy/feedback';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { LIMITS } from '@layerline/contract';
import Popconfirm from 'antd/es/popconfirm';
import Progress from 'antd/es/progress';
import { type ChangeEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUploadItem, TUploadList } from '../works/publish/use-upload-list';
import { FEEDBACK_IMAGE_ACCEPT, FEEDBACK_IMAGE_SIZE_TEXT } from './feedback-rules';
import '../../components/upload-tiles.css';

function ImageTile({
  item,
  index,
  onRemove,
}: {
  item: TUploadItem;
  index: number;
  onRemove: () => void;
}) {
  const { t } = useTranslation(['feedback', 'common']);
  const name = t('image', { index: index + 1 });
  const hasBar = item.status !== 'done';
  return (
    <li
      className={`upload-tile${item.status === 'error' ? ' upload-tile--error' : ''}`}
      data-testid="feedback-image"
      data-status={item.status}
    >
      {item.thumbnail ? (
        <img className="upload-tile__image" src={item.thumbnail} alt={name} draggable={false} />
      ) : (
        <span className="upload-tile__placeholder" role="img" aria-label={name}>
          <PictureOutlined aria-hidden />
        </span>
      )}
      {hasBar && (
        <div className="upload-tile__progress">
          <Progress
            percent={item.percent}
            status={item.status === 'error' ? 'exception' : 'active'}
            size="small"
            showInfo={false}
            aria-label={t('uploading', { index: index + 1 })}
            data-testid="feedback-upload-progress"
          />
        </div>
      )}
      {/* SPEC 5: removal asks for confirmation. */}
      <Popconfirm
        title={t('removeConfirm')}
        okText={t('remove')}
        cancelText={t('common:cancel')}
        onConfirm={onRemove}
      >
        <button
          type="button"
          className="upload-tile__remove"
          aria-label={t('removeImage', { index: index + 1 })}
        >
          <CloseOutlined aria-hidden />
        </button>
      </Popconfirm>
    </li>
  );
}

/**
 * SPEC 2 and 5 feedback images: up to 9, image types only, each checked by
 * `onPick` before it uploads. The add box goes away at 9 and a counter shows
 * n/9; picking more than fit says how many were left out; removing one asks first.
 */
export function FeedbackImages({
  images,
  onPick,
  dropped = 0,
  onRemoved,
}: {
  images: TUploadList;
  onPick: (files: File[]) => void;
  /** Pictures the last pick left out, over the 9 kept: said in the field until the next change. */
  dropped?: number;
  onRemoved?: () => void;
}) {
  const { t } = useTranslation('feedback');
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const max = LIMITS.feedbackMaxImages;
  const count = images.items.length;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file may be chosen again after removing it.
    event.target.value = '';
    if (files.length) onPick(files);
  };

  return (
    <fieldset className="feedback-images" aria-labelledby={labelId}>
      <div className="feedback-images__head">
        <span id={labelId} className="feedback-images__label">
          {t('images')}
        </span>
        <span className="feedback-images__count" data-testid="feedback-image-count">
          {t('imageCount', { count, max })}
        </span>
      </div>
      <ul className="upload-tiles">
        {images.items.map((item, index) => (
          <ImageTile
            key={item.uid}
            item={item}
            index={index}
            onRemove={() => {
              images.remove(item.uid);
              onRemoved?.();
            }}
          />
        ))}
        {count < max && (
          <li className="upload-tile upload-tile--add">
            <button
              type="button"
              className="upload-tile__add"
              onClick={() => inputRef.current?.click()}
            >
              <PlusOutlined aria-hidden />
              <span>{t('addImages')}</span>
            </button>
            <input
              ref={inputRef}
              type="file"
              accept={FEEDBACK_IMAGE_ACCEPT}
              multiple
              hidden
              onChange={handleChange}
              data-testid="feedback-image-input"
            />
          </li>
        )}
      </ul>
      {dropped > 0 && (
        <p className="feedback-images__dropped" role="status" data-testid="feedback-images-dropped">
          {t('tooManyKept', { count: dropped, max })}
        </p>
      )}
      <p className="feedback-images__hint">{t('imagesHint', { size: FEEDBACK_IMAGE_SIZE_TEXT })}</p>
    </fieldset>
  );
}
