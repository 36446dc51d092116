import Popover from 'antd/es/popover';
import { type ReactNode, useState } from 'react';
import { AuthorHoverCard, type TAuthorSummary } from './AuthorHoverCard';

/** SPEC 2: the author's hover card on the avatar and name of the author block. */
export function AuthorHoverCardPopover({
  author,
  isOwner,
  children,
}: {
  author: TAuthorSummary;
  isOwner: boolean;
  children: ReactNode;
}) {
  const [isCardOpen, setCardOpen] = useState(false);
  return (
    <Popover
      trigger={['hover', 'focus']}
      placement="bottomLeft"
      mouseEnterDelay={0.2}
      onOpenChange={setCardOpen}
      content={<AuthorHoverCard summary={author} isOwner={isOwner} isOpen={isCardOpen} />}
    >
      {children}
    </Popover>
  );
}
