import '../../i18n/lazy/preview';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DxfViewer } from './DxfViewer';
import { ImageViewer } from './ImageViewer';
import { ModelViewer } from './ModelViewer';
import { PdfViewer } from './PdfViewer';
import { modelFormatOf, previewKindOf, vectorFormatOf } from './preview-kind';
import './previews.css';

export type TPreviewFile = { url: string; filename: string; mime?: string };

export type TFilePreviewModalProps = {
  /** The file to show; null closes the dialog. */
  file: TPreviewFile | null;
  onClose: () => void;
  /**
   * Downloads the shown file through the counted, login-only endpoint (SPEC
   * 5/6, ADR 0009). The dialog never links a download to the stored URL,
   * which is short-lived and only for drawing the preview: without this
   * (an instruction PDF) it offers no download, only opening the document.
   */
  onDownload?: () => void;
};

function PreviewBody({ file }: { file: TPreviewFile }) {
  const { t } = useTranslation('preview');
  const { url, filename, mime } = file;
  const kind = previewKindOf(filename, mime);
  const modelFormat = modelFormatOf(filename, mime);

  if (kind === 'model' && modelFormat) {
    return <ModelViewer url={url} filename={filename} format={modelFormat} />;
  }
  if (kind === 'vector') {
    return vectorFormatOf(filename, mime) === 'dxf' ? (
      <DxfViewer url={url} filename={filename} />
    ) : (
      <ImageViewer url={url} filename={filename} isVector />
    );
  }
  if (kind === 'image') return <ImageViewer url={url} filename={filename} isVector={false} />;
  if (kind === 'pdf') return <PdfViewer url={url} filename={filename} />;
  return <div className="preview-message">{t('unsupported')}</div>;
}

/**
 * A wide dialog that previews one design file: 3D models (STL, 3MF, OBJ,
 * glTF), SVG and DXF drawings, PDFs and images, with download and open links.
 *
 * This module is cheap to import: three.js and the DXF parser load with
 * import() only when such a preview opens. Pages load this dialog itself
 * lazily; as our modules have named exports only, do it like this:
 *
 *   const FilePreviewModal = lazy(() =>
 *     import('../previews/FilePreviewModal').then((m) => ({ default: m.FilePreviewModal })),
 *   );
 */
export function FilePreviewModal({ file, onClose, onDownload }: TFilePreviewModalProps) {
  const { t } = useTranslation('preview');
  // Keep showing the last file while the dialog animates closed.
  const [shown, setShown] = useState(file);
  if (file && file !== shown) setShown(file);
  const current = file ?? shown;
  const kind = current ? previewKindOf(current.filename, current.mime) : null;
  // STL, DXF and the like are served as downloads; a new tab would only download them again.
  const opensInBrowser =
    kind === 'pdf' ||
    kind === 'image' ||
    (current !== null && vectorFormatOf(current.filename, current.mime) === 'svg');

  return (
    <Modal
      open={file !== null}
      onCancel={onClose}
      width="80vw"
      centered
      destroyOnHidden
      className="file-preview"
      title={<span className="file-preview__title">{current?.filename}</span>}
      footer={
        current && (
          <div className="file-preview__footer">
            {opensInBrowser && !onDownload && (
              <Button
                href={current.url}
                target="_blank"
                rel="noopener noreferrer"
                icon={<ExportOutlined />}
              >
                {t('openInNewTab')}
              </Button>
            )}
            {/* No link to the stored file: downloads are the endpoint's (SPEC 5/6, ADR 0009). */}
            {onDownload && (
              <Button
                type="primary"
                onClick={onDownload}
                icon={<DownloadOutlined />}
                data-testid="preview-download"
              >
                {t('download')}
              </Button>
            )}
          </div>
        )
      }
    >
      {/* Keyed by URL: a new file starts a fresh viewer (and frees the old scene). */}
      <div className="file-preview__viewer">
        {current && <PreviewBody key={current.url} file={current} />}
      </div>
    </Modal>
  );
}
