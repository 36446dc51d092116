import type { MouseEvent, ReactNode } from 'react';
import { linkHref, resolveLink } from './banner-link';
import { useFollowLink } from './use-follow-link';

interface TBannerLinkProps {
  link: string;
  className?: string;
  children: ReactNode;
  /** Hidden from the tab order when its slide is not shown. */
  tabIndex?: number;
}

/**
 * A carousel or banner link. An ignored link (empty or '#', SPEC 4) renders as
 * plain text. Otherwise a real anchor, so hover shows the address and a
 * modified click (new tab, new window) keeps the browser's own behaviour.
 */
export function BannerLink({ link, className, children, tabIndex }: TBannerLinkProps) {
  const follow = useFollowLink();
  const target = resolveLink(link);
  if (target.kind === 'none') {
    return <span className={`${className ?? ''} is-static`}>{children}</span>;
  }

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    follow(target);
  };

  return (
    <a
      className={className}
      href={linkHref(target)}
      onClick={handleClick}
      tabIndex={tabIndex}
      {...(target.kind === 'external' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  );
}
