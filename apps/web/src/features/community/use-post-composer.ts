import '../../i18n/lazy/community';
import type { TPost } from '@layerline/contract';
import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notePosts } from '../../entities/posts';
import { useLoginGuard } from '../social/use-login-guard';
import { savedItem, type TUploadItem, useUploadList } from '../works/publish/use-upload-list';
import { communityKeys, savePost } from './api';
import { EMPTY_DRAFT, type TPostDraft, useComposerDraft } from './composer-draft.store';
import type { TPostImage } from './PostImages';
import { contentProblem, screenPostImages, type TPostErrorKey } from './post-rules';
import { useMyPublishedWorks } from './use-my-works';
import { errorText } from './use-post-actions';

function savedImages(post: TPost | undefined): TUploadItem[] {
  if (!post) return [];
  return post.images.map((url, index) => ({
    ...savedItem(url, `${index + 1}`),
    thumbnail: post.thumbs[index] || url,
  }));
}

function draftOf(post: TPost): TPostDraft {
  return { content: post.content, topic: post.topic ?? '', workId: post.work?.id ?? null };
}

/**
 * The composer's state and rules: the draft (the visit's store for a new
 * post, its own copy while editing), the pictures, SPEC 5 checks, and saving
 * with what follows (the feeds asked again, or the edited post shown
 * everywhere).
 */
export function usePostComposer(post: TPost | undefined, onDone?: (saved?: TPost) => void) {
  const { t } = useTranslation('community');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canAct = useLoginGuard();
  const stored = useComposerDraft((state) => state.draft);
  const setStored = useComposerDraft((state) => state.setDraft);
  const clearStored = useComposerDraft((state) => state.clear);
  const [local, setLocal] = useState<TPostDraft>(() => (post ? draftOf(post) : EMPTY_DRAFT));
  const draft = post ? local : stored;
  const setDraft = useCallback(
    (change: Partial<TPostDraft>) => {
      if (post) setLocal((current) => ({ ...current, ...change }));
      else setStored(change);
    },
    [post, setStored],
  );
  const [initialImages] = useState(() => savedImages(post));
  const images = useUploadList('post', { initial: initialImages });
  const [imageProblem, setImageProblem] = useState<TPostErrorKey | null>(null);
  const [isAttempted, setAttempted] = useState(false);
  const [isSaving, setSaving] = useState(false);
  // Read by a second click before the first one's render: one save at a time.
  const inFlight = useRef(false);
  const [isWorksWanted, setWorksWanted] = useState(Boolean(post?.work));
  const works = useMyPublishedWorks(isWorksWanted, post?.work ?? null);
  const textId = useId();
  const errorId = useId();

  // SPEC 5: 'too long' shows while typing; 'required' once Post was pressed.
  const contentKey = contentProblem(draft.content);
  const problem =
    contentKey === 'postContentTooLong' || (isAttempted && contentKey) ? contentKey : null;
  const hasFailedImages = images.items.some((item) => item.status === 'error');
  let blocker: 'composer.waitUploads' | 'composer.removeFailed' | null = null;
  if (images.isUploading) blocker = 'composer.waitUploads';
  else if (hasFailedImages) blocker = 'composer.removeFailed';

  const previewImages = useMemo<TPostImage[]>(
    () =>
      images.items
        .filter((item) => item.status !== 'error' && (item.url || item.thumbnail))
        .map((item) => ({ thumb: item.thumbnail || item.url, full: item.url || item.thumbnail })),
    [images.items],
  );
  const linkedWork = post?.work && draft.workId === post.work.id ? post.work : null;

  const pickImages = useCallback(
    (files: File[]) => {
      if (!canAct()) return;
      const screened = screenPostImages(images.items.length, files);
      setImageProblem(screened.problem);
      if (screened.accepted.length) images.add(screened.accepted);
    },
    [canAct, images],
  );

  const submit = useCallback(async () => {
    // A visitor logs in first; the draft stays where it is.
    if (!canAct() || inFlight.current) return;
    setAttempted(true);
    if (contentProblem(draft.content) || images.isUploading || hasFailedImages) return;
    inFlight.current = true;
    setSaving(true);
    try {
      const saved = await savePost(
        {
          content: draft.content.trim(),
          images: images.items.map((item) => item.url),
          work_id: draft.workId,
          topic: draft.topic.trim() || null,
        },
        post?.id,
      );
      if (post) {
        // The server's answer is the post now: every card of it shows the edit (ADR 0049).
        notePosts(queryClient, [saved], Date.now(), { create: true });
        void message.success(t('composer.saved'));
      } else {
        clearStored();
        images.reset([]);
        setAttempted(false);
        setImageProblem(null);
        // The square and my activity now start with it (and a profile's posts hold it).
        void queryClient.invalidateQueries({ queryKey: communityKeys.feeds() });
        void queryClient.invalidateQueries({ queryKey: [...communityKeys.all, 'user'] });
        void message.success(t('composer.posted'));
      }
      onDone?.(saved);
    } catch (error) {
      const text = errorText(error, t('composer.failed'));
      if (text) void message.error(text);
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }, [canAct, clearStored, draft, hasFailedImages, images, message, onDone, post, queryClient, t]);

  return {
    draft,
    setDraft,
    images,
    imageProblem,
    pickImages,
    problem,
    blocker,
    isSaving,
    submit,
    guard: canAct,
    works,
    wantWorks: () => setWorksWanted(true),
    linkedWork,
    previewImages,
    textId,
    errorId,
  };
}

export type TComposerState = ReturnType<typeof usePostComposer>;
