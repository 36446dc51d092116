import { type ReactNode, useRef } from 'react';
import { AppHeader } from './AppHeader';
import { BackToTop } from './BackToTop';
import { NarrowWindowWarning } from './NarrowWindowWarning';
import { SideNav } from './SideNav';
import { useIsMobile } from './use-is-mobile';

/**
 * Frame of the screens outside the home shell (publish, AI create, 404). On
 * phones (DESIGN 3) it keeps the home shell's bottom navigation, so every
 * screen has a way to the others, and the creation screens open with the
 * narrow-window notice above their content.
 */
export function StandaloneFrame({ children }: { children: ReactNode }) {
  const scrollRef = useRef<HTMLElement>(null);
  const isMobile = useIsMobile();
  return (
    <div className="standalone-frame">
      <AppHeader />
      <main className="standalone-frame__content" ref={scrollRef}>
        <NarrowWindowWarning />
        {children}
      </main>
      {isMobile ? <SideNav isLive={false} /> : null}
      <BackToTop scrollRef={scrollRef} />
    </div>
  );
}
