import type { TWorkDetail } from '@layerline/contract';
import { createPortal } from 'react-dom';
import type { TCommentSubject } from '../../comments/api';
import { CommentPanel } from '../../comments/CommentPanel';
import { CommentsProvider } from '../../comments/CommentsProvider';
import { WorkSocialBar } from './WorkSocialBar';

/**
 * The work's comment list and its bottom bar, which share the comment input's
 * state (one CommentsProvider), each drawn into its place in the detail's
 * layout. They come with the detail's antd parts, after its first screen
 * (ADR 0058).
 */
export function WorkComments({
  subject,
  work,
  panelSlot,
  barSlot,
}: {
  subject: TCommentSubject;
  work: TWorkDetail;
  panelSlot: HTMLElement;
  barSlot: HTMLElement;
}) {
  return (
    <CommentsProvider subject={subject}>
      {createPortal(<CommentPanel />, panelSlot)}
      {createPortal(<WorkSocialBar work={work} />, barSlot)}
    </CommentsProvider>
  );
}
