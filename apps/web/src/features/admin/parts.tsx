import type { TModerationItemKind } from '@layerline/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Spin from 'antd/es/spin';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditList } from './AuditTab';
import { ADMIN_PAGE_SIZE, type TPage } from './api';

/**
 * A console list's filter and page: choosing another filter starts again at
 * page 1.
 */
export function useFilterPage<F>(initial: F) {
  const [filter, setFilter] = useState(initial);
  const [page, setPage] = useState(1);
  const choose = (next: F) => {
    setFilter(next);
    setPage(1);
  };
  return { filter, choose, page, setPage };
}

/** A console list's loading, failure and empty states, then its rows and paging. */
export function ListFrame({
  list,
  page,
  onPage,
  children,
}: {
  /** The list's query (useAdminList). */
  list: { isLoading: boolean; isError: boolean; data?: TPage<unknown> };
  page: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (list.isLoading) return <Spin className="admin-list__loading" />;
  if (list.isError) return <Alert type="error" title={t('common.loadFailed')} showIcon />;
  const total = list.data?.total ?? 0;
  if (!list.data?.data.length) return <Empty description={t('common.empty')} />;
  return (
    <div className="admin-list">
      {children}
      {total > ADMIN_PAGE_SIZE && (
        <Pagination
          className="admin-list__pages"
          current={page}
          pageSize={ADMIN_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={onPage}
        />
      )}
    </div>
  );
}

/** An item's own audit entries (ADR 0014), shown on demand under the item. */
export function ItemHistory({ kind, id }: { kind: TModerationItemKind; id: number }) {
  const { t } = useTranslation('admin');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div className="admin-card__history">
      <Button
        type="link"
        size="small"
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
        data-testid="item-history"
      >
        {t('common.history')}
      </Button>
      {isOpen && <AuditList itemKind={kind} itemId={id} />}
    </div>
  );
}
