import '../../i18n/lazy/feed';
import '../../i18n/lazy/home';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import { LIMITS } from '@layerline/contract';
import type { TFunction } from 'i18next';
import { type Ref, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { WorkCardSkeleton } from '../../components/WorkCardSkeleton';
import { WorkCard } from '../works/cards/WorkCard';
import { FeedSortControl } from './FeedSortControl';
import type { TFeedView } from './feed-controller';
import type { TFeedError } from './feed-errors';
import { markFirstCards } from './first-cards';
import './works-list.css';

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

export function feedErrorText(error: TFeedError | null, t: TFunction<'feed'>): string {
  if (!error) return t('errors.failed');
  return 'key' in error ? t(`errors.${error.key}`) : error.text;
}

function FeedFooter({ view, onRetry }: { view: TFeedView; onRetry: () => void }) {
  const { t } = useTranslation('feed');
  if (view.status === 'loadingMore') {
    return (
      <div className="works-footer" role="status">
        <Spinner size="small" />
        <span>{t('loadingMore')}</span>
      </div>
    );
  }
  if (view.status === 'noMore' && view.items.length > 0) {
    return <p className="works-footer works-footer--end">{t('noMore')}</p>;
  }
  if (view.status !== 'error') return null;
  return (
    <div className="works-footer works-footer--error" role="alert">
      <span>{view.isBlocked ? t('errors.blocked') : feedErrorText(view.error, t)}</span>
      <Button size="small" onClick={onRetry} disabled={view.isBlocked}>
        {t('retry')}
      </Button>
    </div>
  );
}

interface TWorksGridProps {
  view: TFeedView;
  onRetry: () => void;
  sectionRef?: Ref<HTMLElement>;
}

/**
 * SPEC 2 works grid: 10 skeleton cards while the first page loads, the cards
 * (cover, title, creator, like and download counts; the card opens the
 * detail, its author the profile or the login dialog), an empty-content
 * message, and under the list the loading-more, end-of-list or error line.
 */
export function WorksGrid({ view, onRetry, sectionRef }: TWorksGridProps) {
  const { t } = useTranslation(['feed', 'home']);
  const { message } = useFeedback();
  const query = view.params?.query ?? '';
  const isFirstLoad = view.status === 'loading';
  const isEmpty = view.status === 'noMore' && view.items.length === 0;
  const hasCards = !isFirstLoad && view.items.length > 0;

  // The first row of cards is in the page: the bench's user-timing mark.
  useLayoutEffect(() => {
    if (hasCards) markFirstCards();
  }, [hasCards]);

  // SPEC 8: after 3 feed errors, a notice asks to retry later or refresh the page (once per block).
  const wasBlocked = useRef(false);
  useEffect(() => {
    if (view.isBlocked && !wasBlocked.current) message.warning(t('feed:errors.blocked'));
    wasBlocked.current = view.isBlocked;
  }, [view.isBlocked, message, t]);

  return (
    <section
      ref={sectionRef}
      className="home-section works-section"
      aria-labelledby="home-works-title"
      aria-busy={isFirstLoad || view.status === 'loadingMore'}
    >
      <div className="works-section__head">
        <h2 id="home-works-title" className="home-section__title">
          {t('home:works')}
        </h2>
        <FeedSortControl />
      </div>
      {query && !isFirstLoad && !isEmpty && view.status !== 'error' && (
        <p className="works-section__hint" data-testid="search-summary">
          {t('feed:searchResults', { count: view.total, query })}
        </p>
      )}
      {isFirstLoad && (
        <>
          <p className="visually-hidden" role="status">
            {t('home:loading')}
          </p>
          <div className="works-grid" data-testid="works-grid-loading">
            {range(LIMITS.skeletonCards).map((index) => (
              <WorkCardSkeleton key={index} />
            ))}
          </div>
        </>
      )}
      {hasCards && (
        <div className="works-grid" data-testid="works-grid">
          {view.items.map((work) => (
            <WorkCard key={work.id} work={work} />
          ))}
        </div>
      )}
      {isEmpty && (
        <div className="works-empty">
          <InboxOutlined className="works-empty__icon" aria-hidden />
          <p className="works-empty__text">
            {query ? t('feed:emptySearch', { query }) : t('feed:empty')}
          </p>
        </div>
      )}
      <FeedFooter view={view} onRetry={onRetry} />
    </section>
  );
}
