import '../../../i18n/lazy/work';
import { LIMITS, type TFollowState, type TWorkCard } from '@layerline/contract';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import { SafeImage } from '../../../components/SafeImage';
import { UserAvatar } from '../../../components/UserAvatar';
import { useMakerState } from '../../../entities/makers';
import { formatCount } from '../../../i18n/format';
import { useLocale } from '../../../i18n/use-locale';
import { useAuthorCard } from '../api';
import { useOpenWork } from '../use-open-work';
import { displayNickname } from '../work-format';
import { FollowButton } from './FollowButton';

/** What the detail already knows about its author, shown until the card arrives. */
export type TAuthorSummary = {
  id: number;
  nickname: string;
  avatar: string;
  creatorTag: string;
  follow_count: number;
  work_count: number;
  fans_count: number;
  is_follow: boolean;
  follow_state: TFollowState;
  userWorks: TWorkCard[];
};

/**
 * SPEC 2 author hover card: avatar, name, tag, follow button (none for the
 * owner, SPEC 6), counts of follows, works and fans, and the latest 3 works
 * (SPEC 9), each opening its own detail.
 */
export function AuthorHoverCard({
  summary,
  isOwner,
  isOpen,
}: {
  summary: TAuthorSummary;
  isOwner: boolean;
  isOpen: boolean;
}) {
  const { t } = useTranslation('work');
  const locale = useLocale();
  const openWork = useOpenWork();
  const card = useAuthorCard(summary.id, isOpen);
  // The follow state and fans as the maker's entry has them (ADR 0049).
  const author = useMakerState(summary.id, card.data ?? summary);
  const name = displayNickname(author.nickname);
  const works = author.userWorks.slice(0, LIMITS.hoverCardWorks);
  const counts = [
    { key: 'follows', value: author.follow_count },
    { key: 'works', value: author.work_count },
    { key: 'fans', value: author.fans_count },
  ] as const;

  return (
    <div className="author-card" data-testid="author-card">
      <div className="author-card__head">
        <UserAvatar src={author.avatar} size={48} alt={t('author.avatarAlt', { name })} />
        <div className="author-card__who">
          <strong className="author-card__name">{name}</strong>
          {author.creatorTag && <span className="creator-tag">{author.creatorTag}</span>}
        </div>
        {!isOwner && <FollowButton userId={summary.id} state={author.follow_state} size="small" />}
      </div>
      <dl className="author-card__counts">
        {counts.map((count) => (
          <div key={count.key} className="author-card__count">
            <dt>{t(`author.${count.key}`)}</dt>
            <dd>{formatCount(count.value, locale)}</dd>
          </div>
        ))}
      </dl>
      <p className="author-card__label">
        {t('author.latestWorks')}
        {card.isFetching && <Spin size="small" className="author-card__spin" />}
      </p>
      {works.length ? (
        <ul className="author-card__works">
          {works.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="author-card__work"
                title={item.title}
                onClick={() => openWork(item.id, { replace: true })}
              >
                <SafeImage src={item.cover[0] ?? ''} alt={item.title} />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="author-card__empty">{t('author.noWorks')}</p>
      )}
    </div>
  );
}
