import '../../i18n/lazy/community';
import '../../i18n/lazy/social';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import EllipsisOutlined from '@ant-design/icons/EllipsisOutlined';
import FlagOutlined from '@ant-design/icons/FlagOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import type { TPost } from '@layerline/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import type { MenuProps } from 'antd/es/menu';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReport } from '../reports/use-report';
import { postPath } from './post-link';
import { useDeletePost, usePostRights } from './use-post-actions';

/**
 * The ⋯ menu of a post: copy its link for anyone; edit for its author;
 * delete, after a confirmation, for its author and for moderators and admins;
 * report to the moderators for anyone else (visitors are asked to log in).
 */
export function PostMenu({
  post,
  onEdit,
  onDeleted,
  isOpenAtStart = false,
}: {
  post: Pick<TPost, 'id' | 'user_id'>;
  onEdit: () => void;
  onDeleted?: () => void;
  /** Open as it mounts, with the focus on its button: the card's own button was pressed. */
  isOpenAtStart?: boolean;
}) {
  const { t } = useTranslation(['community', 'social']);
  const { message } = App.useApp();
  const { isAuthor, canEdit, canDelete } = usePostRights(post);
  const report = useReport('post', post.id);
  const confirmDelete = useDeletePost(post.id, onDeleted);
  const [isOpen, setOpen] = useState(isOpenAtStart);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only as it mounts.
  useEffect(() => {
    if (isOpenAtStart) buttonRef.current?.focus();
  }, []);

  const copyLink = () => {
    const url = `${window.location.origin}${postPath(post.id)}`;
    void navigator.clipboard?.writeText(url).then(
      () => message.success(t('menu.linkCopied')),
      () => {},
    );
  };

  const items: MenuProps['items'] = [
    {
      key: 'copy',
      icon: <LinkOutlined />,
      label: <span data-testid="post-copy-link">{t('menu.copyLink')}</span>,
    },
    ...(canEdit
      ? [
          {
            key: 'edit',
            icon: <EditOutlined />,
            label: <span data-testid="post-edit">{t('menu.edit')}</span>,
          },
        ]
      : []),
    ...(isAuthor
      ? []
      : [
          {
            key: 'report',
            icon: <FlagOutlined />,
            label: <span data-testid="post-report">{t('social:report.action')}</span>,
          },
        ]),
    ...(canDelete
      ? [
          {
            key: 'delete',
            danger: true,
            icon: <DeleteOutlined />,
            label: <span data-testid="post-delete">{t('menu.delete')}</span>,
          },
        ]
      : []),
  ];

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    setOpen(false);
    if (key === 'copy') copyLink();
    else if (key === 'edit') onEdit();
    else if (key === 'delete') confirmDelete();
    else if (key === 'report') report.open();
  };

  return (
    <>
      <Dropdown
        menu={{ items, onClick: handleClick }}
        trigger={['click']}
        placement="bottomRight"
        open={isOpen}
        onOpenChange={setOpen}
      >
        <Button
          ref={buttonRef}
          type="text"
          size="small"
          className="post-card__menu"
          icon={<EllipsisOutlined aria-hidden />}
          aria-label={t('menu.label')}
          data-testid="post-menu"
        />
      </Dropdown>
      {report.dialog}
    </>
  );
}
