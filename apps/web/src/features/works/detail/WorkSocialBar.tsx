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
 * SPEC 9), like and collect buttons with their counts. Visitors get the login
 * dialog from each (SPEC 6).
 */
export function WorkSocialBar({ work }: { work: TWorkDetail }) {
  const { t } = useTranslation('social');
  const { commentCount, focusComposer } = useComments();
  return (
    <footer className="work-social-bar" data-testid="work-social-bar">
      <CommentComposer />
      <section className="work-social-bar__actions" aria-label={t('bar')}>
        <Button
          type="text"
          className="social-button"
          icon={<MessageOutlined aria-hidden />}
          title={t('comment')}
          onClick={focusComposer}
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
