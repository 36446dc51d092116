import '../../i18n/lazy/feed';
import '../../i18n/lazy/collections';
import '../../i18n/lazy/pages';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { usePageSeo } from '../../app/page-seo';
import { PATHS } from '../../app/paths';
import { keptFiveMinutes } from '../../app/query-client';
import { SkeletonBlock } from '../../components/SkeletonBlock';
import { Button } from '../../components/ui/Button';
import {
  collectionPageKeys,
  fetchCollectionWorks,
  parseRouteId,
  type TCollectionDetail,
  useCollectionInfo,
} from './api';
import { CollectionMosaic } from './CollectionMosaic';
import { listErrorText, PagedWorksGrid } from './PagedWorksGrid';
import { type TFetchWorksPage, usePagedWorks } from './paged-works';
import './collection-page.css';

function HeaderFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('feed');
  return (
    <div className="collection-header__failed" role="alert">
      <span>{listErrorText(error, t)}</span>
      <Button size="small" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

function CollectionHeader({
  collection,
  isLoading,
  error,
  onRetry,
}: {
  collection: TCollectionDetail | null | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation(['collections', 'pages']);
  // Until the collection is known the heading names the kind of page (SPEC 2 route table).
  const title = collection ? collection.title || t('untitled') : t('pages:collection.title');
  return (
    <header className="collection-header" aria-busy={isLoading}>
      {collection ? (
        <CollectionMosaic cover={collection.cover} className="collection-header__mosaic" />
      ) : (
        <SkeletonBlock className="collection-header__mosaic" />
      )}
      <div className="collection-header__text">
        <p className="collection-header__kind">{t('kind')}</p>
        <h1 className="collection-header__title">{title}</h1>
        {collection?.description ? (
          <p className="collection-header__description">{collection.description}</p>
        ) : null}
        {collection ? (
          <p className="collection-header__count" data-testid="collection-count">
            {t('worksCount', { count: collection.count })}
          </p>
        ) : null}
        {!collection && !isLoading && error ? (
          <HeaderFailed error={error} onRetry={onRetry} />
        ) : null}
      </div>
    </header>
  );
}

/**
 * SPEC 2 /collections/:id (open to visitors): the collection's mosaic of up
 * to 4 covers, title, description and work count, then its works as cards,
 * 50 per page with infinite scroll (SPEC 9).
 */
export function CollectionsPage() {
  const { t } = useTranslation('collections');
  const { id: rawId } = useParams();
  const id = parseRouteId(rawId);
  const info = useCollectionInfo(id);
  const fetchPage = useCallback<TFetchWorksPage>(
    (page, pageSize, signal) => fetchCollectionWorks(id ?? 0, page, pageSize, signal),
    [id],
  );
  const collection = info.data;
  // SPEC 2 page tags: '{collection title} - {product}' once it has loaded.
  usePageSeo(
    collection
      ? { title: collection.title || t('untitled'), description: collection.description }
      : null,
  );
  const works = usePagedWorks({
    queryKey: collectionPageKeys.works(id ?? 0),
    fetchPage,
    enabled: id !== null,
    options: keptFiveMinutes,
  });

  if (id === null) return <Navigate to={PATHS.notFound} replace />;

  return (
    <div className="page collection-page" data-collection-id={id}>
      <CollectionHeader
        collection={info.data}
        isLoading={info.isPending}
        error={info.error}
        onRetry={() => void info.refetch()}
      />
      <PagedWorksGrid
        list={works}
        label={t('worksLabel')}
        emptyText={t('empty')}
        testId="collection-works"
      />
    </div>
  );
}
