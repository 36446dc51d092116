import { FilePreviewModal } from '../../previews/FilePreviewModal';
import { useWorkDownload } from './use-work-download';
import type { TPreviewFile } from './WorkFiles';

/**
 * The file preview over the product detail, with its download: the same
 * counted download as the file list's (SPEC 5/6). Loaded with the first
 * preview, with the viewers (three.js and friends).
 */
export function WorkFilePreview({
  workId,
  file,
  onClose,
}: {
  workId: number;
  file: TPreviewFile | null;
  onClose: () => void;
}) {
  const download = useWorkDownload(workId);
  const previewIndex = file?.fileIndex;
  const previewName = file?.filename ?? '';
  const downloadPreviewed =
    previewIndex === undefined
      ? undefined
      : () =>
          download.start({
            key: String(previewIndex),
            fileIndex: previewIndex,
            fallbackName: previewName,
          });
  return <FilePreviewModal file={file} onClose={onClose} onDownload={downloadPreviewed} />;
}
