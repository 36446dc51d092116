import '../../../i18n/lazy/publish';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import ArrowRightOutlined from '@ant-design/icons/ArrowRightOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropZone } from './DropZone';
import { ACCEPT, MAX_FILES, screenFiles } from './upload-rules';
import { usePublishMessage } from './use-publish-rules';
import type { TUploadItem, TUploadList } from './use-upload-list';

interface TCoverImagesFieldProps {
  id?: string;
  list: TUploadList;
}

/**
 * SPEC 3 cover images: the first is the card image. Images are checked
 * before upload (SPEC 5/9: up to 10MB, counts limited), shown as thumbnails
 * and reordered by dragging or with the arrow buttons (keyboard).
 */
export function CoverImagesField({ id, list }: TCoverImagesFieldProps) {
  const { t } = useTranslation('publish');
  const say = usePublishMessage();
  const [problem, setProblem] = useState<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const max = MAX_FILES.cover;

  const handleFiles = (files: File[]) => {
    const screened = screenFiles('cover', list.items.length, files);
    setProblem(screened.problem ? say(screened.problem) : null);
    if (screened.accepted.length) list.add(screened.accepted);
  };

  const handleDrop = (event: DragEvent<HTMLLIElement>, target: number) => {
    event.preventDefault();
    event.stopPropagation();
    const from = list.items.findIndex((item) => item.uid === dragged);
    if (dragged && from >= 0 && from !== target) list.move(dragged, target - from);
    setDragged(null);
  };

  return (
    <div className="publish-upload">
      <ul className="publish-covers">
        {list.items.map((item, index) => (
          <li
            key={item.uid}
            className={`publish-cover${dragged === item.uid ? ' publish-cover--dragged' : ''}`}
            draggable={item.status !== 'uploading'}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              setDragged(item.uid);
            }}
            onDragEnd={() => setDragged(null)}
            onDragOver={(event) => dragged && event.preventDefault()}
            onDrop={(event) => handleDrop(event, index)}
          >
            <CoverTile
              item={item}
              index={index}
              count={list.items.length}
              onMove={(offset) => list.move(item.uid, offset)}
              onRemove={() => list.remove(item.uid)}
            />
          </li>
        ))}
        {list.items.length < max && (
          <li className="publish-cover publish-cover--add">
            <DropZone
              id={id ?? 'publish-covers'}
              testId="publish-cover-input"
              accept={ACCEPT.cover}
              multiple
              compact
              icon={<PictureOutlined />}
              title={t('upload.coversDrop')}
              onFiles={handleFiles}
            />
          </li>
        )}
      </ul>
      <p className="publish-upload__hint">{t('upload.coversHint', { max })}</p>
      {problem && (
        <div className="publish-upload__problem" role="alert">
          {problem}
        </div>
      )}
    </div>
  );
}

interface TCoverTileProps {
  item: TUploadItem;
  index: number;
  count: number;
  onMove: (offset: number) => void;
  onRemove: () => void;
}

function CoverTile({ item, index, count, onMove, onRemove }: TCoverTileProps) {
  const { t } = useTranslation('publish');
  const name = t('upload.cover', { index: index + 1 });
  const isUploading = item.status === 'uploading';
  return (
    <figure className="publish-cover__frame">
      {item.thumbnail ? (
        <img className="publish-cover__image" src={item.thumbnail} alt={name} draggable={false} />
      ) : (
        <div className="publish-cover__placeholder" role="img" aria-label={name}>
          <PictureOutlined />
        </div>
      )}
      {index === 0 && <span className="publish-cover__badge">{t('upload.cardImage')}</span>}
      {isUploading && (
        <div className="publish-cover__progress">
          <Progress
            percent={item.percent}
            size="small"
            showInfo={false}
            aria-label={t('upload.progress', { name: item.filename })}
          />
        </div>
      )}
      {item.status === 'error' && (
        <div className="publish-cover__error" role="alert">
          {t('upload.failed', { reason: item.error })}
        </div>
      )}
      <figcaption className="publish-cover__actions">
        <Button
          size="small"
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={t('upload.moveLeft', { name })}
          disabled={index === 0 || isUploading}
          onClick={() => onMove(-1)}
        />
        <Button
          size="small"
          type="text"
          icon={<ArrowRightOutlined />}
          aria-label={t('upload.moveRight', { name })}
          disabled={index === count - 1 || isUploading}
          onClick={() => onMove(1)}
        />
        <Button
          size="small"
          type="text"
          icon={isUploading ? <CloseOutlined /> : <DeleteOutlined />}
          aria-label={
            isUploading ? t('upload.cancel', { name: item.filename }) : t('upload.remove', { name })
          }
          onClick={onRemove}
        />
      </figcaption>
    </figure>
  );
}
