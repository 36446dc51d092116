import { type ReactNode, useRef } from 'react';
import { AppHeader } from './AppHeader';
import { BackToTop } from './BackToTop';

/** Frame of the screens outside the home shell (publish, AI create, 404). */
export function StandaloneFrame({ children }: { children: ReactNode }) {
  const scrollRef = useRef<HTMLElement>(null);
  return (
    <div className="standalone-frame">
      <AppHeader />
      <main className="standalone-frame__content" ref={scrollRef}>
        {children}
      </main>
      <BackToTop scrollRef={scrollRef} />
    </div>
  );
}
