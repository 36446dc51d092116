import {
  MODERATION_ITEM_KINDS,
  type TAuditEntry,
  type TModerationItemKind,
} from '@layerline/contract';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { ADMIN_PAGE_SIZE, useAdminList } from './api';
import { auditItemHref, auditReason } from './words';

/** Audit entries, newest first, of every item or of one. */
export function AuditList({
  itemKind,
  itemId,
}: {
  itemKind?: TModerationItemKind;
  itemId?: number;
}) {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const list = useAdminList('admin.audit', {
    item_kind: itemKind,
    item_id: itemId,
    page,
  });
  return (
    <Table<TAuditEntry>
      rowKey="id"
      size="small"
      scroll={{ x: 640 }}
      loading={list.isLoading}
      dataSource={list.data?.data ?? []}
      pagination={{
        current: page,
        pageSize: ADMIN_PAGE_SIZE,
        total: list.data?.total ?? 0,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: setPage,
      }}
      columns={[
        {
          key: 'time',
          title: t('audit.columns.time'),
          render: (_, entry) => formatDateTime(entry.created_at),
        },
        {
          key: 'actor',
          title: t('audit.columns.actor'),
          render: (_, entry) =>
            entry.actor?.nickname ??
            (entry.detail.expired === true ? t('audit.automatic') : t('common.unknownUser')),
        },
        {
          key: 'action',
          title: t('audit.columns.action'),
          render: (_, entry) => t(`audit.actions.${entry.action}`),
        },
        {
          key: 'item',
          title: t('audit.columns.item'),
          render: (_, entry) => {
            const kind = t(`audit.itemKinds.${entry.item_kind}`);
            // Named as it is now, linked to its page; a gone or nameless item by its number.
            if (!entry.item)
              return entry.item_kind === 'sensitive_words' ? kind : `${kind} #${entry.item_id}`;
            const href = auditItemHref(entry);
            return (
              <span data-testid={`audit-item-${entry.id}`}>
                {kind}:{' '}
                {href ? (
                  <a href={href} target="_blank" rel="noreferrer">
                    {entry.item.name}
                  </a>
                ) : (
                  entry.item.name
                )}
              </span>
            );
          },
        },
        {
          key: 'reason',
          title: t('audit.columns.reason'),
          render: (_, entry) => auditReason(t, entry),
        },
      ]}
    />
  );
}

/** The audit log tab: all entries, or one item's by kind and id. */
export function AuditTab() {
  const { t } = useTranslation('admin');
  const [kind, setKind] = useState<TModerationItemKind | undefined>();
  const [id, setId] = useState<number | null>(null);
  const [filter, setFilter] = useState<{ kind?: TModerationItemKind; id?: number }>({});
  return (
    <>
      <div className="admin-filters">
        <Select<TModerationItemKind>
          aria-label={t('common.kind')}
          className="admin-filters__select"
          allowClear
          placeholder={t('common.all')}
          value={kind}
          onChange={setKind}
          options={MODERATION_ITEM_KINDS.map((value) => ({
            value,
            label: t(`audit.itemKinds.${value}`),
          }))}
        />
        <InputNumber<number>
          aria-label={t('audit.itemId')}
          placeholder={t('audit.itemId')}
          min={1}
          value={id}
          onChange={setId}
        />
        <Button type="primary" onClick={() => setFilter({ kind, id: kind && id ? id : undefined })}>
          {t('audit.filter')}
        </Button>
        <Button
          onClick={() => {
            setKind(undefined);
            setId(null);
            setFilter({});
          }}
        >
          {t('audit.clear')}
        </Button>
      </div>
      <AuditList
        key={`${filter.kind ?? ''}-${filter.id ?? ''}`}
        itemKind={filter.kind}
        itemId={filter.id}
      />
    </>
  );
}
