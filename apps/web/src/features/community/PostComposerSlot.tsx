import '../../i18n/lazy/community';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyInAntdScope } from '../../app/antd-lazy';
import { SuspendedHint, useSuspendedReason } from '../../components/SuspendedHint';
import { UserAvatar } from '../../components/UserAvatar';
import { useSessionStore } from '../../stores/session.store';
import { useComposerDraft } from './composer-draft.store';
import type { TPostComposerProps } from './PostComposer';

const loadComposer = async () => (await import('./PostComposer')).PostComposer;
const PostComposer = lazyInAntdScope(loadComposer);

/**
 * The composer as it first shows, folded to its text box, drawn without
 * antd: what /community paints before any antd style is made
 * (docs/PERFORMANCE.md, "Community, AI creation and search first load").
 * Its text is the visit's draft, so whatever is typed before the composer
 * arrives is kept.
 */
function FoldedComposer({ onWanted }: { onWanted: (isFocused: boolean) => void }) {
  const { t } = useTranslation('community');
  const avatar = useSessionStore((state) => state.user.avatar);
  const content = useComposerDraft((state) => state.draft.content);
  const setDraft = useComposerDraft((state) => state.setDraft);
  // ADR 0014: a suspended account cannot post; the box says why.
  const suspended = useSuspendedReason();
  return (
    <section className="post-composer" aria-label={t('composer.label')} data-testid="post-composer">
      <div className="post-composer__main">
        <UserAvatar src={avatar} size={40} alt="" className="post-composer__me" />
        <div className="post-composer__text">
          <textarea
            className="post-composer__folded"
            rows={1}
            value={content}
            onChange={(event) => setDraft({ content: event.target.value })}
            onPointerEnter={() => void loadComposer()}
            onFocus={() => onWanted(true)}
            placeholder={t('composer.placeholder')}
            aria-label={t('composer.label')}
            disabled={suspended !== null}
            data-testid="post-content"
          />
          {suspended !== null && <SuspendedHint reason={suspended} />}
        </div>
      </div>
    </section>
  );
}

/**
 * SPEC 5 Post composer on /community: folded and ours until a visitor or
 * maker turns to it (focus) or a draft is there already; then the composer
 * itself (PostComposer, with antd) takes its place, with the focus in its
 * text if the folded box had it.
 */
export function PostComposerSlot({ onDone }: Pick<TPostComposerProps, 'onDone'>) {
  const hasDraft = useComposerDraft((state) => state.draft.content !== '');
  const isSuspended = useSuspendedReason() !== null;
  const [wanted, setWanted] = useState<{ isFocused: boolean } | null>(() =>
    hasDraft ? { isFocused: false } : null,
  );
  const folded = (
    <FoldedComposer onWanted={(isFocused) => setWanted((current) => current ?? { isFocused })} />
  );
  if ((!wanted && !hasDraft) || isSuspended) return folded;
  return (
    <Suspense fallback={folded}>
      <PostComposer onDone={onDone} isFocusedAtStart={wanted?.isFocused ?? false} />
    </Suspense>
  );
}
