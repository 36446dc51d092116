import '../../../i18n/lazy/work';
import Popover from 'antd/es/popover';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/UserAvatar';
import { useOpenProfile } from '../use-open-work';
import { displayNickname } from '../work-format';
import { AuthorHoverCard, type TAuthorSummary } from './AuthorHoverCard';
import './work-author.css';

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
  const [isCardOpen, setCardOpen] = useState(false);
  const name = displayNickname(author.nickname);

  return (
    <div className="work-author">
      <Popover
        trigger={['hover', 'focus']}
        placement="bottomLeft"
        mouseEnterDelay={0.2}
        onOpenChange={setCardOpen}
        content={<AuthorHoverCard summary={author} isOwner={isOwner} isOpen={isCardOpen} />}
      >
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
      </Popover>
      <div className="work-author__actions">{actions}</div>
    </div>
  );
}
