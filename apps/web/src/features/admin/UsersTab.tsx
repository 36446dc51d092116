import { ROLES, type TRole } from '@layerline/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { formatDateTime } from '../../i18n/format';
import { useSessionStore } from '../../stores/session.store';
import { postPath } from '../community/post-link';
import { AuditList } from './AuditTab';
import {
  ADMIN_PAGE_SIZE,
  type TAdminUser,
  useAdminList,
  useAdminUser,
  useRejectWork,
  useSetRole,
  useSuspend,
} from './api';
import { ReasonDialog } from './ReasonDialog';
import { RejectDialog } from './RejectDialog';
import { ledgerReason } from './words';

/** Users by e-mail or nickname; a drawer with their content, points and suspension. */
export function UsersTab() {
  const { t } = useTranslation('admin');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useAdminList('admin.users', {
    query: query || undefined,
    page,
  });

  return (
    <>
      <Input.Search
        className="admin-filters__search"
        allowClear
        placeholder={t('users.search')}
        aria-label={t('users.search')}
        onSearch={(value) => {
          setQuery(value.trim());
          setPage(1);
        }}
      />
      <Table<TAdminUser>
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
          onChange: setPage,
        }}
        onRow={(user) => ({ onClick: () => setOpenId(user.id) })}
        columns={[
          {
            key: 'user',
            title: t('users.columns.user'),
            render: (_, user) => (
              <Button type="link" className="admin-users__name" onClick={() => setOpenId(user.id)}>
                {user.nickname} · {user.email}
              </Button>
            ),
          },
          {
            key: 'role',
            title: t('users.columns.role'),
            render: (_, user) => t(`users.roles.${user.role}`),
          },
          { key: 'points', title: t('users.columns.points'), dataIndex: 'points' },
          {
            key: 'state',
            title: t('users.columns.state'),
            render: (_, user) =>
              user.suspension ? (
                <Tag color="red">{t('users.suspended')}</Tag>
              ) : (
                <Tag color="green">{t('users.active')}</Tag>
              ),
          },
          {
            key: 'joined',
            title: t('users.columns.joined'),
            render: (_, user) => formatDateTime(user.created_at),
          },
        ]}
      />
      <UserDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

function UserDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const toast = (text: string) => void message.success(text);
  const detail = useAdminUser(id);
  const isAdmin = useSessionStore((state) => state.user.role === 'admin');
  const myId = useSessionStore((state) => state.user.userId);
  const suspend = useSuspend();
  const setRole = useSetRole();
  const reject = useRejectWork();
  const [asking, setAsking] = useState<'suspend' | 'lift' | null>(null);
  const [rejecting, setRejecting] = useState<{ id: number; title: string } | null>(null);
  const user = detail.data;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={user ? `${user.nickname} · ${user.email}` : t('users.details')}
      // Its messages show below its title (admin.css), which they would cover.
      rootClassName="admin-user-drawer"
      destroyOnHidden
    >
      {user && (
        <div className="admin-user" data-testid="admin-user">
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('users.role')}>
              {isAdmin && String(user.id) !== myId ? (
                <Select<TRole>
                  aria-label={t('users.role')}
                  data-testid="admin-role-select"
                  value={user.role}
                  disabled={setRole.isPending}
                  onChange={(role) =>
                    setRole.mutate(
                      { id: user.id, role },
                      { onSuccess: () => toast(t('common.done')) },
                    )
                  }
                  options={ROLES.map((role) => ({ value: role, label: t(`users.roles.${role}`) }))}
                />
              ) : (
                t(`users.roles.${user.role}`)
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.columns.points')}>{user.points}</Descriptions.Item>
            <Descriptions.Item label={t('users.columns.joined')}>
              {formatDateTime(user.created_at)}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.columns.state')}>
              {user.suspension ? (
                <>
                  <Tag color="red">
                    {t('users.suspendedWhy', { reason: user.suspension.reason })}
                  </Tag>{' '}
                  {formatDateTime(user.suspension.at)}{' '}
                  <span data-testid="admin-suspension-until">
                    {user.suspension.until
                      ? t('users.until', { time: formatDateTime(user.suspension.until) })
                      : t('users.untilLifted')}
                  </span>{' '}
                  <Button size="small" onClick={() => setAsking('lift')}>
                    {t('users.lift')}
                  </Button>
                </>
              ) : (
                <>
                  <Tag color="green">{t('users.active')}</Tag>{' '}
                  <Button size="small" danger onClick={() => setAsking('suspend')}>
                    {t('users.suspend')}
                  </Button>
                </>
              )}
            </Descriptions.Item>
          </Descriptions>
          <p className="admin-card__meta" data-testid="admin-user-counts">
            {[
              t('users.countWorks', { count: user.counts.works }),
              t('users.countPosts', { count: user.counts.posts }),
              t('users.countComments', { count: user.counts.comments }),
            ].join(' · ')}
          </p>
          <h4>{t('users.works')}</h4>
          <ul className="admin-user__list">
            {user.recent_works.map((work) => (
              <li key={work.id} data-testid={`admin-user-work-${work.id}`}>
                <a href={PATHS.work(work.id)} target="_blank" rel="noreferrer">
                  {work.title}
                </a>{' '}
                <Tag>{t(`users.workStatuses.${work.status}`, { defaultValue: work.status })}</Tag>{' '}
                {formatDateTime(work.created_at)}{' '}
                {/* A published work can be taken down too (a report, a late find): it goes to the owner as a rejection they may appeal. */}
                {work.status !== 'rejected' && (
                  <Button size="small" danger onClick={() => setRejecting(work)}>
                    {t('review.reject')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <h4>{t('users.posts')}</h4>
          <ul className="admin-user__list">
            {user.recent_posts.map((post) => (
              <li key={post.id}>
                <a href={postPath(post.id)} target="_blank" rel="noreferrer">
                  {post.content}
                </a>{' '}
                {formatDateTime(post.created_at)}
              </li>
            ))}
          </ul>
          <h4>{t('users.ledger')}</h4>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: 480 }}
            dataSource={user.points_ledger}
            columns={[
              {
                key: 'time',
                title: t('audit.columns.time'),
                render: (_, row) => formatDateTime(row.created_at),
              },
              { key: 'delta', title: t('users.delta'), dataIndex: 'delta' },
              {
                key: 'reason',
                title: t('common.reason'),
                render: (_, row) => ledgerReason(t, row),
              },
              { key: 'balance', title: t('users.balance'), dataIndex: 'balance_after' },
            ]}
          />
          <h4>{t('common.history')}</h4>
          <AuditList itemKind="user" itemId={user.id} />
        </div>
      )}
      {rejecting && (
        <RejectDialog
          title={rejecting.title}
          isPending={reject.isPending}
          onClose={() => setRejecting(null)}
          onSubmit={(rejection) =>
            reject.mutate(
              { id: rejecting.id, ...rejection },
              {
                onSuccess: () => {
                  toast(t('review.rejected'));
                  setRejecting(null);
                },
              },
            )
          }
        />
      )}
      {user && asking && (
        <ReasonDialog
          title={t(asking === 'suspend' ? 'users.suspendTitle' : 'users.liftTitle', {
            name: user.nickname,
          })}
          required={asking === 'suspend'}
          danger={asking === 'suspend'}
          withDuration={asking === 'suspend'}
          isPending={suspend.isPending}
          onClose={() => setAsking(null)}
          onSubmit={(reason, days) =>
            suspend.mutate(
              { id: user.id, reason: asking === 'suspend' ? reason : null, days },
              {
                onSuccess: () => {
                  toast(t('common.done'));
                  setAsking(null);
                },
              },
            )
          }
        />
      )}
    </Drawer>
  );
}
