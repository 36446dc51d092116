import '../../i18n/lazy/preview';
import { useTranslation } from 'react-i18next';

type TPdfViewerProps = { url: string; filename: string };

/**
 * The browser's own PDF viewer in an <object>. A browser without one (some
 * mobiles, PDF viewing turned off) shows the fallback inside it instead.
 */
export function PdfViewer({ url, filename }: TPdfViewerProps) {
  const { t } = useTranslation('preview');
  return (
    <object
      className="pdf-viewer"
      data={url}
      type="application/pdf"
      aria-label={t('pdf.title', { filename })}
      data-testid="pdf-viewer"
    >
      <div className="preview-message">
        <p>{t('pdf.fallback')}</p>
        <a href={url} target="_blank" rel="noopener noreferrer">
          {t('openInNewTab')}
        </a>
      </div>
    </object>
  );
}
