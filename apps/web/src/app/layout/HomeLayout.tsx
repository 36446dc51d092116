import { useRef } from 'react';
import { KeepAliveOutlet } from '../KeepAliveOutlet';
import { AppHeader } from './AppHeader';
import { BackToTop } from './BackToTop';
import { SideNav } from './SideNav';
import { SuspensionNotice } from './SuspensionNotice';

/**
 * SPEC 2 home shell: header, side navigation and the nested content area. The
 * content area is the scroll container, so each cached page keeps its own
 * scroll position and the back-to-top button watches it.
 */
export function HomeLayout() {
  const scrollRef = useRef<HTMLElement>(null);
  return (
    <div className="home-shell">
      <AppHeader />
      <div className="home-shell__body">
        <SideNav />
        <main className="home-shell__content" ref={scrollRef} data-testid="home-scroll">
          <SuspensionNotice />
          <KeepAliveOutlet depth={2} scrollRef={scrollRef} />
        </main>
      </div>
      <BackToTop scrollRef={scrollRef} />
    </div>
  );
}
