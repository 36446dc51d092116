import '../../i18n/lazy/community';
import EditOutlined from '@ant-design/icons/EditOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { LIMITS, type TPost } from '@layerline/contract';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import Select from 'antd/es/select';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SuspendedHint, useSuspendedReason } from '../../components/SuspendedHint';
import { UserAvatar } from '../../components/UserAvatar';
import { useSessionStore } from '../../stores/session.store';
import { useLoginGuard } from '../social/use-login-guard';
import { displayNickname } from '../works/work-format';
import { PostBody } from './PostBody';
import { PostImagesField } from './PostImagesField';
import { contentLength, POST_IMAGE_MAX_MB, type TPostErrorKey } from './post-rules';
import { type TComposerState, usePostComposer } from './use-post-composer';

function ContentField({
  state,
  isOpen,
  onFocus,
  isFocusedAtStart = false,
}: {
  state: TComposerState;
  isOpen: boolean;
  onFocus: () => void;
  isFocusedAtStart?: boolean;
}) {
  const { t } = useTranslation('community');
  const textRef = useRef<TextAreaRef>(null);
  // Takes the focus from the folded box it replaces (PostComposerSlot), the caret at the end.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only as it mounts.
  useEffect(() => {
    if (isFocusedAtStart) textRef.current?.focus({ cursor: 'end' });
  }, []);
  const { draft, setDraft, problem, textId, errorId } = state;
  const length = contentLength(draft.content);
  const isOver = length > LIMITS.postMaxLength;
  return (
    <div className="post-composer__text">
      <Input.TextArea
        ref={textRef}
        id={textId}
        value={draft.content}
        onChange={(event) => setDraft({ content: event.target.value })}
        onFocus={onFocus}
        placeholder={t('composer.placeholder')}
        aria-label={t('composer.label')}
        aria-invalid={problem !== null || undefined}
        aria-describedby={problem ? errorId : undefined}
        autoSize={{ minRows: isOpen ? 3 : 1, maxRows: 12 }}
        data-testid="post-content"
      />
      {isOpen && (
        <div className="post-composer__under">
          {problem ? (
            <p id={errorId} className="post-composer__error" role="alert" data-testid="post-error">
              {t(`errors.${problem}`, { size: POST_IMAGE_MAX_MB })}
            </p>
          ) : (
            <span />
          )}
          <span
            className={`post-composer__counter${isOver ? ' is-over' : ''}`}
            data-testid="post-counter"
          >
            {t('composer.counter', { count: length, max: LIMITS.postMaxLength })}
          </span>
        </div>
      )}
    </div>
  );
}

function Extras({ state, post }: { state: TComposerState; post?: TPost }) {
  const { t } = useTranslation('community');
  const { draft, setDraft, guard, works, wantWorks } = state;
  return (
    <div className="post-composer__extras">
      <Input
        className="post-composer__topic"
        prefix="#"
        value={draft.topic}
        onChange={(event) => setDraft({ topic: event.target.value })}
        onFocus={guard}
        maxLength={LIMITS.postTopicMax}
        placeholder={t('composer.topicPlaceholder')}
        aria-label={t('composer.topic')}
        data-testid="post-topic-input"
      />
      <Select<number>
        className="post-composer__work"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={draft.workId ?? undefined}
        onChange={(value) => setDraft({ workId: value ?? null })}
        onOpenChange={(open) => {
          if (open && guard()) wantWorks();
        }}
        options={works.options}
        loading={works.isLoading}
        notFoundContent={works.isError ? t('composer.workFailed') : t('composer.workEmpty')}
        placeholder={t('composer.workPlaceholder')}
        aria-label={t('composer.work')}
        data-testid="post-work-select"
        popupMatchSelectWidth={false}
        key={post?.id ?? 'new'}
      />
    </div>
  );
}

function Preview({ state }: { state: TComposerState }) {
  const { t } = useTranslation('community');
  const nickName = useSessionStore((s) => s.user.nickName || s.user.name);
  const avatar = useSessionStore((s) => s.user.avatar);
  const { draft, previewImages, works, linkedWork } = state;
  const work =
    draft.workId === null
      ? null
      : (linkedWork ??
        works.options
          .filter((option) => option.value === draft.workId)
          .map((option) => ({ id: option.value, title: option.label, cover: option.cover }))[0] ??
        null);
  return (
    <section className="post-composer__preview" aria-label={t('composer.previewTitle')}>
      <p className="post-composer__preview-title">{t('composer.previewTitle')}</p>
      <div className="post-card post-card--preview" data-testid="post-preview">
        <div className="post-card__head">
          <div className="post-card__byline">
            <span className="post-card__avatar">
              <UserAvatar src={avatar} size={40} alt="" />
            </span>
            <span className="post-card__name">{displayNickname(nickName)}</span>
          </div>
        </div>
        <PostBody
          content={draft.content.trim()}
          topic={draft.topic.trim().replace(/^#+/, '') || null}
          images={previewImages}
          work={work}
          isClamped={false}
        />
      </div>
    </section>
  );
}

export type TPostComposerProps = {
  /** The post being edited; without it a new post is written (its draft kept for the visit). */
  post?: TPost;
  /** After a successful save (with the saved post), and on cancel while editing. */
  onDone?: (saved?: TPost) => void;
  /** The folded box it replaces had the focus: its text box takes it (PostComposerSlot). */
  isFocusedAtStart?: boolean;
};

/**
 * SPEC 5 Post composer: text with a live n/1000 counter and the contract's
 * messages, up to 9 pictures with their upload progress, an optional topic
 * and linked work, a preview, and Post (disabled while pictures upload,
 * SPEC 4 Publish). Visitors may write; Post and the extras open the login
 * dialog, and the draft waits for them. Server refusals (406 sensitive
 * words, 429) show the envelope's message.
 */
export function PostComposer({ post, onDone, isFocusedAtStart = false }: TPostComposerProps) {
  const { t } = useTranslation('community');
  const avatar = useSessionStore((state) => state.user.avatar);
  const canAct = useLoginGuard();
  const state = usePostComposer(post, onDone);
  const [isPreview, setPreview] = useState(false);
  const [isEngaged, setEngaged] = useState(isFocusedAtStart);
  const { draft, images, isSaving, submit, pickImages, imageProblem } = state;
  const isEditing = post !== undefined;
  // Folded to its text box until used, so the feed starts high on a phone.
  const isOpen = isEditing || isEngaged || draft.content !== '' || images.items.length > 0;
  const suspended = useSuspendedReason();

  return (
    <section
      className={`post-composer${isEditing ? ' post-composer--edit' : ''}`}
      aria-label={isEditing ? t('composer.editTitle') : t('composer.label')}
      data-testid="post-composer"
    >
      <div className="post-composer__main">
        {!isEditing && <UserAvatar src={avatar} size={40} alt="" className="post-composer__me" />}
        <ContentField
          state={state}
          isOpen={isOpen}
          onFocus={() => setEngaged(true)}
          isFocusedAtStart={isFocusedAtStart}
        />
      </div>
      {isOpen && (
        <>
          <PostImagesField list={images} onPick={pickImages} onBlocked={canAct} />
          <div className="post-composer__image-info">
            <span>
              {t('composer.imagesHint', { max: LIMITS.postMaxImages, size: POST_IMAGE_MAX_MB })}
            </span>
            <span data-testid="post-image-count">
              {t('composer.imageCount', { count: images.items.length, max: LIMITS.postMaxImages })}
            </span>
          </div>
          {imageProblem && (
            <p className="post-composer__error" role="alert" data-testid="post-image-problem">
              {t(`errors.${imageProblem satisfies TPostErrorKey}`, { size: POST_IMAGE_MAX_MB })}
            </p>
          )}
          <Extras state={state} post={post} />
          {isPreview && <Preview state={state} />}
          {suspended !== null && <SuspendedHint reason={suspended} />}
          <div className="post-composer__actions">
            {state.blocker && (
              <span className="post-composer__hint" role="status">
                {t(state.blocker)}
              </span>
            )}
            {isEditing && <Button onClick={() => onDone?.()}>{t('composer.cancel')}</Button>}
            <Button
              icon={isPreview ? <EditOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
              onClick={() => setPreview((value) => !value)}
              aria-pressed={isPreview}
              data-testid="post-preview-toggle"
            >
              {isPreview ? t('composer.backToEdit') : t('composer.preview')}
            </Button>
            <Button
              type="primary"
              loading={isSaving}
              disabled={images.isUploading || suspended !== null}
              onClick={() => void submit()}
              data-testid="post-submit"
            >
              {isEditing ? t('composer.save') : t('composer.post')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
