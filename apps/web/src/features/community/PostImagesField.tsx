import '../../i18n/lazy/community';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { LIMITS } from '@layerline/contract';
import Progress from 'antd/es/progress';
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUploadItem, TUploadList } from '../works/publish/use-upload-list';
import { POST_IMAGE_ACCEPT } from './post-rules';
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
  const { t } = useTranslation('community');
  const isUploading = item.status === 'uploading';
  const name = t('composer.image', { index: index + 1 });
  return (
    <li
      className={`upload-tile${item.status === 'error' ? ' upload-tile--error' : ''}`}
      data-testid="post-upload"
      data-status={item.status}
    >
      {item.thumbnail ? (
        <img className="upload-tile__image" src={item.thumbnail} alt={name} draggable={false} />
      ) : (
        <span className="upload-tile__placeholder" role="img" aria-label={name}>
          <PictureOutlined aria-hidden />
        </span>
      )}
      {isUploading && (
        <div className="upload-tile__progress">
          <Progress
            percent={item.percent}
            size="small"
            showInfo={false}
            aria-label={t('composer.uploading', { index: index + 1 })}
            data-testid="post-upload-progress"
          />
        </div>
      )}
      {item.status === 'error' && (
        <p className="upload-tile__error" role="alert">
          {t('composer.uploadFailed', { reason: item.error })}
        </p>
      )}
      <button
        type="button"
        className="upload-tile__remove"
        aria-label={t(isUploading ? 'composer.cancelUpload' : 'composer.removeImage', {
          index: index + 1,
        })}
        onClick={onRemove}
        data-testid="post-upload-remove"
      >
        <CloseOutlined aria-hidden />
      </button>
    </li>
  );
}

/**
 * Up to 9 pictures (SPEC 5), each uploaded at once with its progress and
 * removable (a running upload is stopped). The add box goes away at 9 and a
 * counter shows n/9, as in the feedback form. `onPick` screens the files;
 * `onBlocked` stands in for it when the visitor must log in first.
 */
export function PostImagesField({
  list,
  onPick,
  onBlocked,
}: {
  list: TUploadList;
  onPick: (files: File[]) => void;
  onBlocked?: () => boolean;
}) {
  const { t } = useTranslation('community');
  const inputRef = useRef<HTMLInputElement>(null);
  const max = LIMITS.postMaxImages;
  const count = list.items.length;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file may be chosen again after removing it.
    event.target.value = '';
    if (files.length) onPick(files);
  };

  return (
    <div className="post-uploads">
      <ul className="upload-tiles">
        {list.items.map((item, index) => (
          <ImageTile
            key={item.uid}
            item={item}
            index={index}
            onRemove={() => list.remove(item.uid)}
          />
        ))}
        {count < max && (
          <li className="upload-tile upload-tile--add">
            <button
              type="button"
              className="upload-tile__add"
              onClick={() => {
                if (onBlocked && !onBlocked()) return;
                inputRef.current?.click();
              }}
              data-testid="post-add-images"
            >
              <PlusOutlined aria-hidden />
              <span>{t('composer.addImages')}</span>
            </button>
            <input
              ref={inputRef}
              type="file"
              accept={POST_IMAGE_ACCEPT}
              multiple
              hidden
              onChange={handleChange}
              data-testid="post-image-input"
            />
          </li>
        )}
      </ul>
    </div>
  );
}
