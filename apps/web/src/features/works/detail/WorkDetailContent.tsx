import '../../../i18n/lazy/work';
import type { TWorkDetail } from '@layerline/contract';
import { type ReactNode, Suspense, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { lazyInAntdScope } from '../../../app/antd-lazy';
import { SkeletonBlock } from '../../../components/SkeletonBlock';
import { useLocale } from '../../../i18n/use-locale';
import { useSessionStore } from '../../../stores/session.store';
import { formatPrice, isOwnWork } from '../work-format';
import { AuthorBlock } from './AuthorBlock';
import type { TPreviewFile } from './WorkFiles';
import { galleryImages, WorkGallery } from './WorkGallery';
import { WorkStats } from './WorkStats';

/*
 * What is drawn with antd comes in one chunk right after the first screen,
 * which is drawn without it (ADR 0058): the page's first load holds no antd.
 */
const parts = () => import('./work-detail-parts');
const WorkInfoTabs = lazyInAntdScope(async () => (await parts()).WorkInfoTabs);
const WorkFiles = lazyInAntdScope(async () => (await parts()).WorkFiles);
const WorkComments = lazyInAntdScope(async () => (await parts()).WorkComments);
const FollowButton = lazyInAntdScope(async () => (await parts()).FollowButton);
const ReportButton = lazyInAntdScope(async () => (await parts()).ReportButton);
const OwnerActions = lazyInAntdScope(async () => (await parts()).OwnerActions);
const ReviewNotice = lazyInAntdScope(async () => (await parts()).ReviewNotice);

/** A part's place while its chunk arrives, about its size, so nothing jumps. */
function Later({ className, children }: { className: string; children: ReactNode }) {
  return (
    <Suspense fallback={<SkeletonBlock className={`work-detail__later ${className}`} />}>
      {children}
    </Suspense>
  );
}

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

  // Where the comment list and the bottom bar are drawn (WorkComments).
  const [panelSlot, setPanelSlot] = useState<HTMLElement | null>(null);
  const [barSlot, setBarSlot] = useState<HTMLElement | null>(null);

  return (
    <>
      <div className="work-detail__layout">
        <div className="work-detail__main">
          <WorkGallery images={galleryImages(work.cover, work.images)} title={work.title} />
          <Later className="work-detail__later--tabs">
            <WorkInfoTabs work={work} onPreview={onPreview} />
          </Later>
          <div className="work-detail__slot" ref={setPanelSlot} />
        </div>
        <aside className="work-detail__side">
          <AuthorBlock
            author={author}
            isOwner={isOwner}
            actions={
              <Suspense fallback={null}>
                {isOwner ? (
                  <OwnerActions workId={work.id} onDeleted={onClose} />
                ) : (
                  <>
                    <FollowButton userId={work.created_by} state={work.follow_state} />
                    <ReportButton kind="work" id={work.id} authorId={work.created_by} />
                  </>
                )}
              </Suspense>
            }
          />
          {isOwner && (
            <Suspense fallback={null}>
              <ReviewNotice work={work} />
            </Suspense>
          )}
          {work.summary && (
            <p className="work-summary" data-testid="work-summary">
              {work.summary}
            </p>
          )}
          <WorkPrice work={work} />
          <Later className="work-detail__later--files">
            <WorkFiles
              workId={work.id}
              title={work.title}
              files={work.project_file}
              onPreview={onPreview}
            />
          </Later>
          <WorkStats work={work} />
          {work.tags.length > 0 && (
            <section className="work-tags" aria-label={t('tags')}>
              {work.tags.map((tag) => (
                <span key={tag} className="work-tag" data-testid="work-tag">
                  {`#${tag}`}
                </span>
              ))}
            </section>
          )}
        </aside>
      </div>
      <div className="work-detail__slot" ref={setBarSlot} />
      {panelSlot && barSlot && (
        <Suspense
          fallback={createPortal(
            <SkeletonBlock className="work-detail__later work-detail__later--comments" />,
            panelSlot,
          )}
        >
          <WorkComments subject={subject} work={work} panelSlot={panelSlot} barSlot={barSlot} />
        </Suspense>
      )}
    </>
  );
}
