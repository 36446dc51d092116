import '../../i18n/lazy/feed';
import '../../i18n/lazy/collections';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import { LIMITS } from '@layerline/contract';
import type { TFunction } from 'i18next';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { WorkCardSkeleton } from '../../components/WorkCardSkeleton';
import { describeFeedError } from '../feed/feed-errors';
import { WorkCard } from '../works/cards/WorkCard';
import type { TPagedWorks } from './paged-works';
import { useInfiniteScroll } from './use-infinite-scroll';
import '../feed/works-list.css';
import './paged-works.css';

const SKELETONS = Array.from({ length: LIMITS.skeletonCards }, (_, index) => index);

/** SPEC 8 feed errors: 404 and network texts from the catalog, else the error's own words. */
export function listErrorText(error: unknown, t: TFunction<'feed'>): string {
  const described = describeFeedError(error);
  return 'key' in described ? t(`errors.${described.key}`) : described.text;
}

/** Cards in a phone's first row (SPEC 9: two columns). */
const FIRST_ROW = 2;

function Footer({ list }: { list: TPagedWorks }) {
  const { t } = useTranslation('feed');
  if (list.isLoadingMore) {
    return (
      <div className="works-footer" role="status">
        <Spinner size="small" />
        <span>{t('loadingMore')}</span>
      </div>
    );
  }
  if (list.loadMoreFailed) {
    return (
      <div className="works-footer works-footer--error" role="alert">
        <span>{listErrorText(list.error, t)}</span>
        <Button size="small" onClick={list.retry}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (!list.hasMore && list.items.length > 0) {
    return <p className="works-footer">{t('noMore')}</p>;
  }
  return null;
}

interface TPagedWorksGridProps {
  list: TPagedWorks;
  /** What an empty list says (SPEC 2: an empty-content message). */
  emptyText: string;
  /** Shown under the empty message, e.g. a way to publish a first work. */
  emptyAction?: ReactNode;
  label: string;
  testId?: string;
}

/**
 * A paged grid of SPEC 2 work cards: 10 skeleton cards (SPEC 9) while the
 * first page loads, the SPEC 8 feed error with a retry when it fails, an
 * empty message, and under the cards the loading-more, end or error line.
 * Scrolling near the bottom loads the next page.
 */
export function PagedWorksGrid({
  list,
  emptyText,
  emptyAction,
  label,
  testId,
}: TPagedWorksGridProps) {
  const { t } = useTranslation(['feed', 'collections']);
  const sectionRef = useRef<HTMLElement>(null);
  const canLoadMore = list.status === 'ready' && list.hasMore && !list.loadMoreFailed;
  useInfiniteScroll(sectionRef, list.loadMore, canLoadMore);

  return (
    <section
      ref={sectionRef}
      className="paged-works"
      aria-label={label}
      aria-busy={list.status === 'loading' || list.isLoadingMore}
      data-testid={testId}
    >
      {list.status === 'loading' && (
        <>
          <p className="visually-hidden" role="status">
            {t('collections:list.loading')}
          </p>
          <div className="paged-works__grid" data-testid="paged-works-loading">
            {SKELETONS.map((index) => (
              <WorkCardSkeleton key={index} />
            ))}
          </div>
        </>
      )}
      {list.status === 'error' && (
        <div className="paged-works__failed" role="alert">
          <span>{listErrorText(list.error, t)}</span>
          <Button onClick={list.retry}>{t('retry')}</Button>
        </div>
      )}
      {list.status === 'ready' && list.items.length === 0 && (
        // Drawn as the home's empty feed is, without antd (ADR 0058).
        <div className="works-empty">
          <InboxOutlined className="works-empty__icon" aria-hidden />
          <p className="works-empty__text">{emptyText}</p>
          {emptyAction}
        </div>
      )}
      {list.items.length > 0 && (
        <div className="paged-works__grid" data-testid="paged-works-grid">
          {list.items.map((work, index) => (
            // A phone's first row (two columns): its covers are the page's largest paint.
            <WorkCard key={work.id} work={work} isFirstRow={index < FIRST_ROW} />
          ))}
        </div>
      )}
      <Footer list={list} />
    </section>
  );
}
