import '../../../i18n/lazy/publish';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import FileOutlined from '@ant-design/icons/FileOutlined';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropZone } from './DropZone';
import { ACCEPT, formatBytes, MAX_FILES, screenFiles, type TWorkUploadKind } from './upload-rules';
import { usePublishMessage } from './use-publish-rules';
import type { TUploadItem, TUploadList } from './use-upload-list';

interface TFileListFieldProps {
  /** Set by the Form.Item, so its label names the file input. */
  id?: string;
  kind: Extract<TWorkUploadKind, 'design' | 'instruction'>;
  list: TUploadList;
  testId: string;
  icon: ReactNode;
  title: string;
  hint: string;
}

/**
 * Files uploaded as soon as they are chosen: name, size, progress, cancel
 * while running, remove when done (SPEC 5: counts limited; checked first).
 */
export function FileListField({ id, kind, list, testId, icon, title, hint }: TFileListFieldProps) {
  const { t } = useTranslation('publish');
  const say = usePublishMessage();
  const [problem, setProblem] = useState<string | null>(null);
  const isMultiple = kind === 'design';
  const isFull = isMultiple && list.items.length >= MAX_FILES[kind];

  const handleFiles = (files: File[]) => {
    const screened = screenFiles(kind, list.items.length, files);
    setProblem(screened.problem ? say(screened.problem) : null);
    if (screened.accepted.length) list.add(screened.accepted);
  };

  return (
    <div className="publish-upload">
      <DropZone
        id={id ?? `publish-${kind}`}
        testId={testId}
        accept={ACCEPT[kind]}
        multiple={isMultiple}
        disabled={isFull}
        icon={icon}
        title={title}
        hint={hint}
        onFiles={handleFiles}
      />
      {problem && (
        <div className="publish-upload__problem" role="alert">
          {problem}
        </div>
      )}
      {list.items.length > 0 && (
        <ul className="publish-files">
          {list.items.map((item) => (
            <FileRow key={item.uid} item={item} onRemove={() => list.remove(item.uid)} />
          ))}
        </ul>
      )}
      {isMultiple && (
        <div className="publish-upload__count">
          {t('upload.count', { count: list.items.length, max: MAX_FILES[kind] })}
        </div>
      )}
    </div>
  );
}

function FileRow({ item, onRemove }: { item: TUploadItem; onRemove: () => void }) {
  const { t } = useTranslation('publish');
  const name = item.filename;
  const isUploading = item.status === 'uploading';
  return (
    <li className={`publish-file publish-file--${item.status}`}>
      <FileOutlined className="publish-file__icon" aria-hidden="true" />
      <div className="publish-file__body">
        <div className="publish-file__line">
          <span className="publish-file__name" title={name}>
            {name}
          </span>
          {item.size > 0 && <span className="publish-file__size">{formatBytes(item.size)}</span>}
        </div>
        {isUploading && (
          <Progress
            percent={item.percent}
            size="small"
            aria-label={t('upload.progress', { name })}
          />
        )}
        {item.status === 'error' && (
          <div className="publish-file__error" role="alert">
            {t('upload.failed', { reason: item.error })}
          </div>
        )}
      </div>
      <Button
        type="text"
        size="small"
        icon={isUploading ? <CloseOutlined /> : <DeleteOutlined />}
        aria-label={isUploading ? t('upload.cancel', { name }) : t('upload.remove', { name })}
        onClick={onRemove}
      />
    </li>
  );
}
