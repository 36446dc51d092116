import '../../../i18n/lazy/work';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import FileOutlined from '@ant-design/icons/FileOutlined';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import type { TWorkFile } from '@layerline/contract';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/use-locale';
import { previewKindOf } from '../../previews/preview-kind';
import { formatFileSize } from '../work-format';
import { useWorkDownload } from './use-work-download';

/** `fileIndex`: which project file it is, for downloading it through the endpoint. */
export type TPreviewFile = { url: string; filename: string; mime?: string; fileIndex?: number };

/** Key of the 'download all' target; files use their index. */
const ALL = 'all';

/**
 * Not antd's `loading`: a loading button swallows clicks, and a click during
 * the lock must still be answered with 'downloading, please wait' (SPEC 4).
 */
function DownloadIcon({ isActive }: { isActive: boolean }) {
  return isActive ? <LoadingOutlined aria-hidden /> : <DownloadOutlined aria-hidden />;
}

/**
 * SPEC 2 file list with download: name, size, a preview for the formats the
 * browser can show, and one download per file plus 'download all' (a ZIP;
 * the server sends the file itself when there is only one).
 */
export function WorkFiles({
  workId,
  title,
  files,
  onPreview,
}: {
  workId: number;
  title: string;
  files: TWorkFile[];
  onPreview: (file: TPreviewFile) => void;
}) {
  const { t } = useTranslation('work');
  const locale = useLocale();
  const { start, activeKey } = useWorkDownload(workId);
  const allName = files.length === 1 ? (files[0]?.filename ?? title) : `${title}.zip`;

  return (
    <section className="work-files" aria-labelledby="work-files-title">
      <div className="work-files__head">
        <h3 id="work-files-title" className="work-section-title">
          {t('files.title', { count: files.length })}
        </h3>
        {files.length > 0 && (
          <Button
            type="primary"
            icon={<DownloadIcon isActive={activeKey === ALL} />}
            aria-busy={activeKey === ALL}
            onClick={() => start({ key: ALL, fallbackName: allName })}
            data-testid="work-download-all"
          >
            {t('files.downloadAll')}
          </Button>
        )}
      </div>
      {files.length === 0 && <p className="work-muted">{t('files.none')}</p>}
      <ul className="work-files__list">
        {files.map((file, index) => {
          const key = String(index);
          const canPreview = previewKindOf(file.filename, file.mime) !== null;
          return (
            <li key={`${file.url}#${key}`} className="work-file" data-testid="work-file-row">
              <FileOutlined className="work-file__icon" aria-hidden />
              <span className="work-file__name" title={file.filename}>
                {file.filename}
              </span>
              <span className="work-file__size">{formatFileSize(file.size, locale)}</span>
              {canPreview && (
                <Button
                  size="small"
                  icon={<EyeOutlined aria-hidden />}
                  aria-label={t('files.previewFile', { name: file.filename })}
                  onClick={() =>
                    onPreview({
                      url: file.url,
                      filename: file.filename,
                      mime: file.mime,
                      fileIndex: index,
                    })
                  }
                  title={t('files.preview')}
                  data-testid="work-preview"
                />
              )}
              <Button
                size="small"
                icon={<DownloadIcon isActive={activeKey === key} />}
                aria-label={t('files.downloadFile', { name: file.filename })}
                aria-busy={activeKey === key}
                onClick={() => start({ key, fileIndex: index, fallbackName: file.filename })}
                title={t('files.download')}
                data-testid="work-download"
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
