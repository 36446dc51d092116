import PictureOutlined from '@ant-design/icons/PictureOutlined';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { variantSrcSet } from './image-srcset';
import './safe-image.css';

interface TSafeImageProps {
  src: string;
  alt: string;
  className?: string;
  /** 'eager' for the first carousel slide, which is on screen at once. */
  loading?: 'lazy' | 'eager';
  /** 'high' for the page's largest image (the first carousel slide), fetched before the rest. */
  fetchPriority?: 'high' | 'low' | 'auto';
  /**
   * The box's width as `sizes` gives it ('(max-width: 767px) 50vw, 240px'),
   * with `srcWidth`, the image's own width: the browser then picks the
   * smallest stored copy that fills the box (image-srcset.ts).
   */
  sizes?: string;
  srcWidth?: number;
  /** Not near the screen yet (use-near-viewport.ts): keeps its box and fetches nothing. */
  isHeld?: boolean;
}

/** A new address per retry, so the browser asks again instead of reusing the failure. */
function retryUrl(src: string, attempt: number): string {
  if (attempt === 0 || src.startsWith('data:') || src.startsWith('blob:')) return src;
  return `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
}

/**
 * SPEC 8: 'load failed' with a retry in the image's place. A component of its
 * own, so only a failed image pays for useTranslation: a home shows about a
 * hundred images, and the hook's per-instance set-up was a tenth of the
 * home's render time on a slow phone (docs/PERFORMANCE.md, "Sixth pass").
 */
function LoadFailed({
  alt,
  className,
  onRetry,
}: {
  alt: string;
  className: string | undefined;
  onRetry: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={`safe-image safe-image--failed ${className ?? ''}`} title={alt || undefined}>
      <PictureOutlined className="safe-image__icon" aria-hidden />
      <span className="safe-image__text">{t('imageLoadFailed')}</span>
      <button type="button" className="safe-image__retry" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

/**
 * SPEC 8 feature rows: an image that fails to load shows 'load failed' with a
 * retry that reloads it. Images load lazily unless told otherwise.
 */
export function SafeImage({
  src,
  alt,
  className,
  loading = 'lazy',
  fetchPriority,
  sizes,
  srcWidth,
  isHeld = false,
}: TSafeImageProps) {
  const [failure, setFailure] = useState<{ src: string; attempt: number } | null>(null);
  const [attempt, setAttempt] = useState(0);
  /** An image stored before copies were made, in a store that cannot make them: the image itself. */
  const [srcWithoutCopies, setSrcWithoutCopies] = useState<string | null>(null);
  const hasFailed = failure?.src === src && failure.attempt === attempt;
  const srcSet =
    sizes && srcWidth && srcWithoutCopies !== src ? variantSrcSet(src, srcWidth) : undefined;

  // The retry button may sit inside a clickable card: it must not open the card.
  const handleRetry = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    event.stopPropagation();
    setAttempt((value) => value + 1);
  };

  if (isHeld) return <span className={`safe-image safe-image--held ${className ?? ''}`} />;

  if (hasFailed) return <LoadFailed alt={alt} className={className} onRetry={handleRetry} />;

  return (
    <img
      key={`${src}#${attempt}#${srcSet ? 'set' : 'one'}`}
      className={`safe-image ${className ?? ''}`}
      src={retryUrl(src, attempt)}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      draggable={false}
      onError={() => (srcSet ? setSrcWithoutCopies(src) : setFailure({ src, attempt }))}
    />
  );
}
