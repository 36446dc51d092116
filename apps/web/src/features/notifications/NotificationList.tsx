import { LIMITS, type TNotificationKind } from '@layerline/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';
import { fetchNotifications, notificationKeys } from './api';
import { NotificationItem } from './NotificationItem';

/** One kind's notifications, newest first, a page at a time with 'load more'. */
export function NotificationList({ kind }: { kind: TNotificationKind }) {
  const { t } = useTranslation(['notifications', 'common']);
  const query = useInfiniteQuery({
    queryKey: notificationKeys.list(kind),
    queryFn: ({ pageParam, signal }) => fetchNotifications(kind, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length < Math.ceil(last.total / LIMITS.notificationPageSize)
        ? pages.length + 1
        : undefined,
  });

  if (query.isPending) {
    return (
      <div aria-busy="true" data-testid="notifications-loading">
        <Skeleton active avatar paragraph={{ rows: 1 }} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="notification-list__notice" role="alert">
        <p>{t('loadFailed')}</p>
        <Button onClick={() => void query.refetch()}>{t('common:retry')}</Button>
      </div>
    );
  }
  const items = query.data.pages.flatMap((page) => page.data);
  if (items.length === 0) return <Empty description={t('empty')} />;
  return (
    <>
      <ul className="notification-list" data-testid="notification-list">
        {items.map((item) => (
          <NotificationItem key={item.id} item={item} />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="notification-list__more">
          <Button loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}
