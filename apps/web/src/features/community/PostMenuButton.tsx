import '../../i18n/lazy/community';
import EllipsisOutlined from '@ant-design/icons/EllipsisOutlined';
import type { TPost } from '@layerline/contract';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyInAntdScope } from '../../app/antd-lazy';
import { Button } from '../../components/ui/Button';

const loadMenu = async () => (await import('./PostMenu')).PostMenu;
const PostMenu = lazyInAntdScope(loadMenu);

type TPostMenuButtonProps = {
  post: Pick<TPost, 'id' | 'user_id'>;
  onEdit: () => void;
  onDeleted?: () => void;
};

/**
 * The ⋯ button of a post card, drawn without antd so a list of posts paints
 * without antd's styles (docs/PERFORMANCE.md, "Community, AI creation and
 * search first load"). The first press loads the menu (PostMenu, antd's
 * Dropdown, in its own chunk, fetched when the pointer comes near) and
 * opens it; from then on the card holds that menu.
 */
export function PostMenuButton(props: TPostMenuButtonProps) {
  const { t } = useTranslation('community');
  const [isWanted, setWanted] = useState(false);
  const button = (
    <Button
      variant="text"
      size="small"
      className="post-card__menu"
      icon={<EllipsisOutlined aria-hidden />}
      aria-label={t('menu.label')}
      aria-haspopup="menu"
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setWanted(true)}
      data-testid="post-menu"
    />
  );
  if (!isWanted) return button;
  return (
    <Suspense fallback={button}>
      <PostMenu {...props} isOpenAtStart />
    </Suspense>
  );
}
