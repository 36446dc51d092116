import VerticalAlignTopOutlined from '@ant-design/icons/VerticalAlignTopOutlined';
import { LIMITS } from '@layerline/contract';
import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPageActive } from '../KeepAliveOutlet';
import { scrollToTop } from './scroll-to-top';

/**
 * SPEC 2 global behaviour: appears after scrolling 400px of the scroll
 * container, sits 40px from the right and 108px from the bottom, and scrolls
 * back over 300ms.
 */
export function BackToTop({ scrollRef }: { scrollRef: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation('shell');
  const isActive = useIsPageActive();
  const [isVisible, setIsVisible] = useState(false);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const update = () => setIsVisible(element.scrollTop >= LIMITS.backToTopThresholdPx);
    // The first reading waits for the next frame: read while the page is still
    // being built, scrollTop forces a layout in the middle of it.
    const frame = requestAnimationFrame(update);
    element.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', update);
    };
  }, [scrollRef]);

  if (!isVisible || !isActive) return null;

  return (
    <button
      type="button"
      className="back-to-top"
      style={{ right: LIMITS.backToTopRightPx, bottom: LIMITS.backToTopBottomPx }}
      aria-label={t('backToTop')}
      title={t('backToTop')}
      onClick={() => {
        const element = scrollRef.current;
        if (element) void scrollToTop(element, LIMITS.backToTopDurationMs);
      }}
    >
      <VerticalAlignTopOutlined />
    </button>
  );
}
