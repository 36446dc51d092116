import '../../../i18n/lazy/work';
import type { TWorkDetail } from '@layerline/contract';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/use-locale';
import { useSessionStore } from '../../../stores/session.store';
import { CommentPanel } from '../../comments/CommentPanel';
import { CommentsProvider } from '../../comments/CommentsProvider';
import { ReportButton } from '../../reports/ReportButton';
import { formatPrice, isOwnWork } from '../work-format';
import { AuthorBlock } from './AuthorBlock';
import { FollowButton } from './FollowButton';
import { OwnerActions } from './OwnerActions';
import { ReviewNotice } from './ReviewNotice';
import { type TPreviewFile, WorkFiles } from './WorkFiles';
import { galleryImages, WorkGallery } from './WorkGallery';
import { WorkInfoTabs } from './WorkInfoTabs';
import { WorkSocialBar } from './WorkSocialBar';
import { WorkStats } from './WorkStats';

/** SPEC 3 price: 0 reads 'Free'; a higher original price is shown struck through. */
function WorkPrice({ work }: { work: TWorkDetail }) {
  const { t } = useTranslation('work');
  const locale = useLocale();
  const isFree = work.price <= 0;
  return (
    <p className="work-price" data-testid="work-price">
      <span className="work-price__label">{t('price.label')}</span>
      <strong className="work-price__value">
        {isFree ? t('price.free') : t('price.value', { value: formatPrice(work.price, locale) })}
      </strong>
      {!isFree && work.originalPrice > work.price && (
        <s className="work-price__original">
          {t('price.value', { value: formatPrice(work.originalPrice, locale) })}
        </s>
      )}
    </p>
  );
}

/**
 * The loaded product detail (SPEC 2): gallery, author block with follow or the
 * owner's edit and delete (SPEC 6), review state for the owner, title and
 * summary, price, files, the info and documents tabs, tags, the comment list
 * and the bottom bar, which share the comment input's state.
 */
export function WorkDetailContent({
  work,
  onClose,
  onPreview,
}: {
  work: TWorkDetail;
  onClose: () => void;
  onPreview: (file: TPreviewFile) => void;
}) {
  const { t } = useTranslation('work');
  const userId = useSessionStore((state) => state.user.userId);
  const isLogin = useSessionStore((state) => state.isLogin);
  const isOwner = isOwnWork(work.created_by, userId, isLogin);
  const { id, comment_count } = work;
  const subject = useMemo(
    () => ({ kind: 'work' as const, id, comment_count }),
    [id, comment_count],
  );
  const author = {
    id: work.created_by,
    nickname: work.nickname,
    avatar: work.avatar,
    creatorTag: work.creatorTag,
    follow_count: work.follow_count,
    work_count: work.work_count,
    fans_count: work.fans_count,
    is_follow: work.is_follow,
    follow_state: work.follow_state,
    userWorks: work.userWorks,
  };

  return (
    <CommentsProvider subject={subject}>
      <div className="work-detail__layout">
        <div className="work-detail__main">
          <WorkGallery images={galleryImages(work.cover, work.images)} title={work.title} />
          <WorkInfoTabs work={work} onPreview={onPreview} />
          <CommentPanel />
        </div>
        <aside className="work-detail__side">
          <AuthorBlock
            author={author}
            isOwner={isOwner}
            actions={
              isOwner ? (
                <OwnerActions workId={work.id} onDeleted={onClose} />
              ) : (
                <>
                  <FollowButton userId={work.created_by} state={work.follow_state} />
                  <ReportButton kind="work" id={work.id} authorId={work.created_by} />
                </>
              )
            }
          />
          {isOwner && <ReviewNotice work={work} />}
          {work.summary && (
            <p className="work-summary" data-testid="work-summary">
              {work.summary}
            </p>
          )}
          <WorkPrice work={work} />
          <WorkFiles
            workId={work.id}
            title={work.title}
            files={work.project_file}
            onPreview={onPreview}
          />
          <WorkStats work={work} />
          {work.tags.length > 0 && (
            <section className="work-tags" aria-label={t('tags')}>
              {work.tags.map((tag) => (
                <Tag key={tag} className="work-tag" data-testid="work-tag">
                  {`#${tag}`}
                </Tag>
              ))}
            </section>
          )}
        </aside>
      </div>
      <WorkSocialBar work={work} />
    </CommentsProvider>
  );
}
