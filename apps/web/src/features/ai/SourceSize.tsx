import './source-size.css';
import { useTranslation } from 'react-i18next';
import { type TOutputSize, vectorOutputSize } from './source-size';

const mm = (value: number) => value.toFixed(1);
const dpiText = (value: number) => String(Math.round(value * 100) / 100);

/**
 * The size in mm the result will have, shown before the job starts (DESIGN 5:
 * vectorise sizes its SVG by the picture's DPI when no width is set).
 */
export function SourceSize({
  source,
  widthMm,
}: {
  source: Parameters<typeof vectorOutputSize>[0];
  widthMm: unknown;
}) {
  const { t } = useTranslation('ai');
  const size: TOutputSize | undefined = vectorOutputSize(source, widthMm);
  if (!size) return null;
  const values = { width: mm(size.widthMm), height: mm(size.heightMm), dpi: dpiText(size.dpi) };
  return (
    <p className="ai-source-size" data-testid="ai-source-size">
      {t(`input.size.${size.basis}`, values)}
    </p>
  );
}
