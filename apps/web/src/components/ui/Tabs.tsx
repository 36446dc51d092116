import { type KeyboardEvent, type ReactNode, useId } from 'react';
import './tabs.css';

const MOVES: Record<string, (at: number, last: number) => number> = {
  ArrowRight: (at, last) => (at === last ? 0 : at + 1),
  ArrowLeft: (at, last) => (at === 0 ? last : at - 1),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * WAI-ARIA tabs drawn as antd's line tabs look, without antd (ADR 0058,
 * 0060): a tablist named `label`, the arrow keys, Home and End move the
 * choice and the focus, Tab enters at the chosen tab; one panel holds the
 * chosen tab's content (`children`), so only it is mounted.
 */
export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
  renderTab,
  children,
}: {
  tabs: readonly K[];
  active: K;
  onChange: (tab: K) => void;
  /** The tab list's accessible name. */
  label: string;
  /** What a tab shows (its text, a test id, a title). */
  renderTab: (tab: K) => ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;
  const moveWith = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    const key = move ? tabs[move(tabs.indexOf(active), tabs.length - 1)] : undefined;
    if (key === undefined) return;
    event.preventDefault();
    onChange(key);
    document.getElementById(tabId(key))?.focus();
  };
  return (
    <>
      <div className="ll-tabs__list" role="tablist" aria-label={label} onKeyDown={moveWith}>
        {tabs.map((key) => (
          <button
            key={key}
            id={tabId(key)}
            type="button"
            role="tab"
            className={`ll-tabs__tab${key === active ? ' is-active' : ''}`}
            aria-selected={key === active}
            aria-controls={panelId}
            tabIndex={key === active ? 0 : -1}
            onClick={() => onChange(key)}
          >
            {renderTab(key)}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(active)}>
        {children}
      </div>
    </>
  );
}
