import '../../../i18n/lazy/work';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyInAntdScope } from '../../../app/antd-lazy';
import { UserAvatar } from '../../../components/UserAvatar';
import { useOpenProfile } from '../use-open-work';
import { displayNickname } from '../work-format';
import type { TAuthorSummary } from './AuthorHoverCard';
import './work-author.css';

// The hover card (antd's Popover) comes with the detail's other antd parts (ADR 0058).
const AuthorHoverCardPopover = lazyInAntdScope(
  async () => (await import('./work-detail-parts')).AuthorHoverCardPopover,
);

/**
 * SPEC 2 author block: avatar, nickname and creator tag, with the hover card
 * on the avatar and name. `actions` sits beside it: the follow button, or the
 * owner's edit and delete (SPEC 6).
 */
export function AuthorBlock({
  author,
  isOwner,
  actions,
}: {
  author: TAuthorSummary;
  isOwner: boolean;
  actions: ReactNode;
}) {
  const { t } = useTranslation('work');
  const openAuthor = useOpenProfile();
  const name = displayNickname(author.nickname);
  const who = (
    <button
      type="button"
      className="work-author__who"
      aria-label={t('author.openProfile', { name })}
      onClick={() => openAuthor(author.id)}
      data-testid="work-author"
    >
      <UserAvatar src={author.avatar} size={40} alt="" />
      <span className="work-author__text">
        <span className="work-author__name">{name}</span>
        {author.creatorTag && <span className="creator-tag">{author.creatorTag}</span>}
      </span>
    </button>
  );

  return (
    <div className="work-author">
      <Suspense fallback={who}>
        <AuthorHoverCardPopover author={author} isOwner={isOwner}>
          {who}
        </AuthorHoverCardPopover>
      </Suspense>
      <div className="work-author__actions">{actions}</div>
    </div>
  );
}
