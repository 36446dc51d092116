import '../../i18n/lazy/feed';
import '../../i18n/lazy/community';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import type { QueryKey } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonBlock } from '../../components/SkeletonBlock';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import type { TPagedQueryOptions } from '../collections/paged-list';
import { useInfiniteScroll } from '../collections/use-infinite-scroll';
import { describeFeedError } from '../feed/feed-errors';
import type { TFetchPostsPage } from './api';
import { PostCard } from './PostCard';
import { type TPostPages, usePostPages } from './use-post-pages';
import './community.css';

/** SPEC 8 feed errors: 404 and network texts from the catalog, else the error's own words. */
function listErrorText(error: unknown, t: TFunction<'feed'>): string {
  const described = describeFeedError(error);
  return 'key' in described ? t(`errors.${described.key}`) : described.text;
}

/** Ours: placeholder cards while the first page loads. */
const SKELETONS = [0, 1, 2];

function PostCardSkeleton() {
  return (
    <div className="post-card post-card--skeleton" data-testid="post-skeleton">
      <div className="post-card__head">
        <SkeletonBlock className="post-skeleton__avatar" />
        <div className="post-skeleton__who">
          <SkeletonBlock className="post-skeleton__line post-skeleton__line--name" />
          <SkeletonBlock className="post-skeleton__line post-skeleton__line--time" />
        </div>
      </div>
      <SkeletonBlock className="post-skeleton__line" />
      <SkeletonBlock className="post-skeleton__line post-skeleton__line--short" />
      <SkeletonBlock className="post-skeleton__image" />
    </div>
  );
}

function Footer({ list }: { list: TPostPages }) {
  const { t } = useTranslation('community');
  const { t: tFeed } = useTranslation('feed');
  if (list.isLoadingMore) {
    return (
      <div className="post-list__footer" role="status">
        <Spinner size="small" />
        <span>{t('list.loadingMore')}</span>
      </div>
    );
  }
  if (list.loadMoreFailed) {
    return (
      <div className="post-list__footer post-list__footer--error" role="alert">
        <span>{listErrorText(list.error, tFeed)}</span>
        <Button size="small" onClick={list.retry}>
          {t('list.retry')}
        </Button>
      </div>
    );
  }
  if (!list.hasMore && list.items.length > 0) {
    return <p className="post-list__footer">{t('list.noMore')}</p>;
  }
  return null;
}

export type TPostListProps = {
  /** The list's cache key; include what changes the answer (the viewer, the query). */
  queryKey: QueryKey;
  /** One page of posts, 1-based (`{data, total}`, DESIGN 3). */
  fetchPage: TFetchPostsPage;
  /** What an empty list says; a general 'No posts yet.' without it. */
  emptyText?: string;
  /** Shown under the empty message (a way to write a first post). */
  emptyAction?: ReactNode;
  /** Accessible name of the list. */
  label?: string;
  /** False holds the first request back (a tab not shown yet). */
  enabled?: boolean;
  /** How long its pages stay fresh (a search's: `keptFiveMinutes`). */
  queryOptions?: TPagedQueryOptions;
  testId?: string;
};

/**
 * An infinite list of post cards (the community tabs, a profile's posts,
 * search results): skeleton cards while the first page loads, SPEC 8 feed
 * errors with a retry, an empty message, and under the cards the loading,
 * end or error line. The next page loads within SPEC 9's infinite-scroll
 * distance of the bottom (100 px).
 */
export function PostList({
  queryKey,
  fetchPage,
  emptyText,
  emptyAction,
  label,
  enabled = true,
  queryOptions,
  testId = 'post-list',
}: TPostListProps) {
  const { t } = useTranslation('community');
  const { t: tFeed } = useTranslation('feed');
  const sectionRef = useRef<HTMLElement>(null);
  const list = usePostPages(queryKey, fetchPage, enabled, queryOptions);
  const canLoadMore = list.status === 'ready' && list.hasMore && !list.loadMoreFailed;
  useInfiniteScroll(sectionRef, list.loadMore, canLoadMore);
  const isLoading = list.status === 'loading';

  return (
    <section
      ref={sectionRef}
      className="post-list"
      aria-label={label ?? t('list.label')}
      aria-busy={isLoading || list.isLoadingMore}
      data-testid={testId}
    >
      {isLoading && (
        <>
          <p className="visually-hidden" role="status">
            {t('list.loading')}
          </p>
          {SKELETONS.map((index) => (
            <PostCardSkeleton key={index} />
          ))}
        </>
      )}
      {list.status === 'error' && (
        <div className="post-list__failed" role="alert">
          <span>{listErrorText(list.error, tFeed)}</span>
          <Button onClick={list.retry}>{t('list.retry')}</Button>
        </div>
      )}
      {list.status === 'ready' && list.items.length === 0 && (
        <div className="post-list__empty">
          <InboxOutlined className="post-list__empty-icon" aria-hidden />
          <p className="post-list__empty-text">{emptyText ?? t('empty.posts')}</p>
          {emptyAction}
        </div>
      )}
      {list.items.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
      <Footer list={list} />
    </section>
  );
}
