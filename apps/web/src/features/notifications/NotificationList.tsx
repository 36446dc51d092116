import {
  LIMITS,
  type TFollowResult,
  type TNotification,
  type TNotificationKind,
} from '@layerline/contract';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchNotifications, notificationKeys, type TNotificationPage } from './api';
import { NotificationItem } from './NotificationItem';

/** One kind's notifications, newest first, a page at a time with 'load more'. */
export function NotificationList({ kind }: { kind: TNotificationKind }) {
  const { t } = useTranslation(['notifications', 'common']);
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: notificationKeys.list(kind),
    queryFn: ({ pageParam, signal }) => fetchNotifications(kind, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length < Math.ceil(last.total / LIMITS.notificationPageSize)
        ? pages.length + 1
        : undefined,
  });

  // Following back shows at once on the item.
  const handleFollowed = useCallback(
    (result: TFollowResult) => {
      queryClient.setQueryData<InfiniteData<TNotificationPage>>(
        notificationKeys.list(kind),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              data: page.data.map(
                (item): TNotification =>
                  item.user_id === result.id ? { ...item, is_follow: result.is_follow } : item,
              ),
            })),
          },
      );
    },
    [kind, queryClient],
  );

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
          <NotificationItem key={item.id} item={item} onFollowed={handleFollowed} />
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
