import '../../i18n/lazy/feed';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { keptFiveMinutes } from '../../app/query-client';
import { PostList } from '../community/PostList';
import { postSearchPages, usePostSearchKey } from '../search/post-search';

/**
 * ADR 0013: the community posts a home search finds (the Posts side of the
 * Works | Posts switch), as the community's own infinite list of post cards.
 */
export function PostSearchResults({ query, total }: { query: string; total: number | null }) {
  const { t } = useTranslation('feed');
  const key = usePostSearchKey(query);
  const fetchPage = useMemo(() => postSearchPages(query), [query]);
  return (
    <section className="home-section post-search" aria-labelledby="home-posts-title">
      <h2 id="home-posts-title" className="visually-hidden">
        {t('searchModes.posts')}
      </h2>
      {total !== null && total > 0 && (
        <p className="works-section__hint" data-testid="post-search-summary">
          {t('postResults', { count: total, query })}
        </p>
      )}
      <PostList
        queryKey={key}
        fetchPage={fetchPage}
        emptyText={t('emptyPostSearch', { query })}
        label={t('searchModes.posts')}
        queryOptions={keptFiveMinutes}
        testId="post-search-results"
      />
    </section>
  );
}
