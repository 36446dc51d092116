import '../../../i18n/lazy/social';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import type { TWorkDetail } from '@layerline/contract';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { CommentComposer } from '../../comments/CommentComposer';
import { useComments } from '../../comments/CommentsProvider';
import { formatBadge } from '../../social/badge';
import { FavorButton } from '../../social/FavorButton';
import { LikeButton } from '../../social/LikeButton';
import '../../social/social.css';

/**
 * SPEC 2 bottom bar: the comment input, and the comment (badge max 99,
 * SPEC 9), like and collect buttons with their counts. The comment button
 * opens and closes the comment panel (SPEC 4); visitors get the login dialog
 * from like and collect (SPEC 6).
 */
export function WorkSocialBar({ work }: { work: TWorkDetail }) {
  const { t } = useTranslation('social');
  const { commentCount, isPanelOpen, togglePanel, panelBodyId } = useComments();
  return (
    <footer className="work-social-bar" data-testid="work-social-bar">
      <CommentComposer />
      <section className="work-social-bar__actions" aria-label={t('bar')}>
        <Button
          type="text"
          className="social-button"
          icon={<MessageOutlined aria-hidden />}
          title={t(isPanelOpen ? 'hideComments' : 'showComments')}
          aria-expanded={isPanelOpen}
          aria-controls={panelBodyId}
          onClick={togglePanel}
          data-testid="comment-button"
        >
          <span className="visually-hidden">{t('comments')}</span>
          <span className="social-button__badge" data-testid="work-comments">
            {formatBadge(commentCount)}
          </span>
        </Button>
        <LikeButton work={work} />
        <FavorButton work={work} />
      </section>
    </footer>
  );
}
