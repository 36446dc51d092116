import '../../../i18n/lazy/work';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import FileImageOutlined from '@ant-design/icons/FileImageOutlined';
import HeartOutlined from '@ant-design/icons/HeartOutlined';
import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';
import { THUMBNAIL_WIDTH, type TWorkCard } from '@layerline/contract';
import { memo, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyInAntdScope } from '../../../app/antd-lazy';
import { PATHS } from '../../../app/paths';
import { SafeImage } from '../../../components/SafeImage';
import { UserAvatar } from '../../../components/UserAvatar';
import { useNearViewport } from '../../../components/use-near-viewport';
import { useWorkState } from '../../../entities/works';
import { formatCount } from '../../../i18n/format';
import { useFixedT } from '../../../i18n/use-fixed-t';
import { useLocale } from '../../../i18n/use-locale';
import { useSessionStore } from '../../../stores/session.store';
import { useConfirmDeleteWork } from '../use-confirm-delete';
import { OPENED_IN_APP, useOpenProfile } from '../use-open-work';
import { displayNickname, isOwnWork } from '../work-format';
import './work-card.css';

// Only an owner's rejected card opens it: its form (and the schema checks it
// brings) stays out of the feeds' first load.
const AppealDialog = lazyInAntdScope(
  async () => (await import('../../appeals/AppealDialog')).AppealDialog,
);

/** A card's cover box: a phone's two columns (half its width less the gutters), else a grid column of 220 px or more. */
const CARD_IMAGE_SIZES = '(max-width: 767px) calc(50vw - 17px), 300px';

/** SPEC 2 rejected cards: a help mark (appeal) and a delete mark, for the owner. */
function RejectedMarks({ work }: { work: TWorkCard }) {
  const { t } = useTranslation('work');
  const confirmDelete = useConfirmDeleteWork();
  const [isAppealOpen, setAppealOpen] = useState(false);
  const reasonId = useId();
  return (
    <div className="work-card__marks">
      {/* The reason shows on the cover without hover, and is the button's description. */}
      <span className="work-card__hint">
        <button
          type="button"
          className="work-card__mark"
          aria-label={t('card.appeal')}
          aria-describedby={reasonId}
          onClick={() => setAppealOpen(true)}
          data-testid="work-card-appeal"
        >
          <QuestionCircleOutlined aria-hidden />
        </button>
        <span role="tooltip" id={reasonId} className="work-card__tooltip">
          {work.rejection_reason || t('review.noReason')}
        </span>
      </span>
      <button
        type="button"
        className="work-card__mark work-card__mark--danger"
        aria-label={t('card.delete')}
        onClick={() => confirmDelete(work.id)}
        data-testid="work-card-delete"
      >
        <DeleteOutlined aria-hidden />
      </button>
      {isAppealOpen && (
        <Suspense fallback={null}>
          <AppealDialog
            workId={work.id}
            workTitle={work.title}
            rejection={work.rejection_reason}
            onClose={() => setAppealOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * SPEC 2 work card of feeds and profile lists: cover (SPEC 8 'load failed'
 * with retry), title, creator (an e-mail-like name shortened, SPEC 3), like
 * and download counts. Cover and title open the product detail modal. On
 * one's own cards the review state shows, and rejected ones offer an appeal
 * and delete. Counts are the work's entry's once it has one (ADR 0049): a
 * like or a download in the work's detail shows here, and a deleted work's
 * card goes.
 */
// Memoised: a feed that appends a page renders only the new page's cards.
export const WorkCard = memo(function WorkCard({
  work: answer,
  isFirstRow = false,
}: {
  work: TWorkCard;
  /** In a page's first row, where its cover is likely the largest paint: fetched at once, first. */
  isFirstRow?: boolean;
}) {
  const work = useWorkState(answer);
  // Shared by every card (use-fixed-t.ts): a feed page draws 50.
  const t = useFixedT('work');
  const locale = useLocale();
  const openAuthor = useOpenProfile();
  const userId = useSessionStore((state) => state.user.userId);
  const isLogin = useSessionStore((state) => state.isLogin);
  const isOwner = isOwnWork(work.created_by, userId, isLogin);
  const name = displayNickname(work.nickname);
  const to = PATHS.work(work.id);
  // A card's pictures are fetched when it comes within a screen of the viewport.
  const [cardRef, isNear] = useNearViewport<HTMLElement>();
  if (work.removed) return null;

  return (
    <article ref={cardRef} className="work-card" data-testid="work-card" aria-label={work.title}>
      <div className="work-card__cover">
        <Link to={to} state={OPENED_IN_APP} className="work-card__cover-link" tabIndex={-1}>
          {work.cover[0] ? (
            // ADR 0018 figures: the 480 px thumbnail made at upload, not the full cover.
            // Its smaller copies in srcset: a phone's two columns take the 320 px one.
            <SafeImage
              src={work.cover_thumb || work.cover[0]}
              alt={work.title}
              sizes={work.cover_thumb ? CARD_IMAGE_SIZES : undefined}
              srcWidth={THUMBNAIL_WIDTH}
              isHeld={!isNear && !isFirstRow}
              loading={isFirstRow ? 'eager' : undefined}
              fetchPriority={isFirstRow ? 'high' : undefined}
            />
          ) : (
            // A work published without a cover: a calm placeholder, not a broken image.
            <span className="work-card__no-cover" role="img" aria-label={work.title}>
              <FileImageOutlined aria-hidden />
            </span>
          )}
        </Link>
        {isOwner && work.status === 'in_review' && (
          <span className="work-card__status" data-testid="work-card-in-review">
            {t('review.inReview')}
          </span>
        )}
        {isOwner && work.status === 'rejected' && (
          <>
            <span className="work-card__status work-card__status--rejected">
              {t('review.rejected')}
            </span>
            <span className="work-card__rejection" data-testid="work-card-rejection">
              {work.rejection_reason || t('review.noReason')}
            </span>
            <RejectedMarks work={work} />
          </>
        )}
      </div>
      <div className="work-card__body">
        <h3 className="work-card__title">
          <Link to={to} state={OPENED_IN_APP} data-testid="work-card-link">
            {work.title}
          </Link>
        </h3>
        <div className="work-card__meta">
          <button
            type="button"
            className="work-card__author"
            onClick={() => openAuthor(work.created_by)}
          >
            <UserAvatar src={work.avatar} size={22} alt="" isHeld={!isNear} />
            <span className="work-card__name">{name}</span>
          </button>
          <span className="work-card__counts">
            <span className="work-card__count" data-testid="work-card-likes">
              <HeartOutlined aria-hidden />
              <span className="visually-hidden">{t('card.likes')}</span>
              {formatCount(work.like, locale)}
            </span>
            <span className="work-card__count" data-testid="work-card-downloads">
              <DownloadOutlined aria-hidden />
              <span className="visually-hidden">{t('card.downloads')}</span>
              {formatCount(work.download_count, locale)}
            </span>
          </span>
        </div>
      </div>
    </article>
  );
});
