import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useDismiss } from './use-dismiss';
import './dropdown-menu.css';

export type TMenuItem = { key: string; label: ReactNode };

/** What the trigger element needs to open the menu and say so to assistive tech. */
export type TMenuTriggerProps = {
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
};

/** How long the pointer may be away before a hover-opened menu closes. */
const HOVER_CLOSE_MS = 150;
/** Space between the trigger and the menu, in px. */
const MENU_GAP = 4;

/**
 * Where the open menu goes: fixed to the viewport under the trigger, so a
 * scrolling parent (the category bar scrolls sideways) does not clip it.
 * Follows the trigger while anything scrolls or the window resizes.
 */
function useMenuPosition(
  isOpen: boolean,
  placement: 'bottomLeft' | 'bottomRight',
  anchorRef: { current: HTMLElement | null },
): CSSProperties | undefined {
  const [position, setPosition] = useState<CSSProperties>();
  useLayoutEffect(() => {
    if (!isOpen) return;
    const place = () => {
      const rect = anchorRef.current?.getBoundingClientRect();
      if (!rect) return;
      const top = rect.bottom + MENU_GAP;
      setPosition(
        placement === 'bottomLeft'
          ? { top, left: rect.left }
          : { top, right: document.documentElement.clientWidth - rect.right },
      );
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [isOpen, placement, anchorRef]);
  return position;
}

/**
 * A menu of choices under a trigger: the one selected is checked. Opens on
 * click (or on hover with `trigger="hover"`, where a click stays the
 * trigger's own action), and with ArrowDown from the keyboard; closes on a
 * choice, a press outside or Escape. Our own small component for the shell
 * and the home, which load without antd (docs/PERFORMANCE.md, "Web first
 * load").
 */
export function DropdownMenu({
  items,
  selectedKey,
  onSelect,
  label,
  trigger = 'click',
  placement = 'bottomRight',
  children,
}: {
  items: TMenuItem[];
  selectedKey?: string | null;
  onSelect: (key: string) => void;
  /** The menu's accessible name. */
  label: string;
  trigger?: 'click' | 'hover';
  placement?: 'bottomLeft' | 'bottomRight';
  /** Renders the trigger; with `trigger="click"` give it `toggle` as its onClick. */
  children: (props: TMenuTriggerProps, toggle: () => void) => ReactNode;
}) {
  const [isOpen, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((open) => !open), []);
  useDismiss(isOpen, close, containerRef);
  const menuPosition = useMenuPosition(isOpen, placement, containerRef);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const focusItem = (index: number) => {
    const buttons = menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]');
    if (!buttons?.length) return;
    buttons[(index + buttons.length) % buttons.length]?.focus();
  };

  const handleTriggerKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    setOpen(true);
    requestAnimationFrame(() => focusItem(0));
  };

  const handleMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [
      ...(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]') ?? []),
    ];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(index + (event.key === 'ArrowDown' ? 1 : -1));
    }
  };

  const hoverHandlers =
    trigger === 'hover'
      ? {
          onMouseEnter: () => {
            window.clearTimeout(closeTimer.current);
            setOpen(true);
          },
          onMouseLeave: () => {
            closeTimer.current = window.setTimeout(close, HOVER_CLOSE_MS);
          },
        }
      : {};

  return (
    <div className="ll-dropdown" ref={containerRef} {...hoverHandlers}>
      {children(
        {
          'aria-haspopup': 'menu',
          'aria-expanded': isOpen,
          'aria-controls': isOpen ? menuId : undefined,
          onKeyDown: handleTriggerKey,
        },
        toggle,
      )}
      {isOpen && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          className={`ll-dropdown__menu ll-dropdown__menu--${placement}`}
          style={menuPosition}
          onKeyDown={handleMenuKey}
        >
          {items.map((item) => {
            const isSelected = item.key === selectedKey;
            return (
              <button
                key={item.key}
                type="button"
                role="menuitemradio"
                aria-checked={isSelected}
                className={`ll-dropdown__item${isSelected ? ' is-selected' : ''}`}
                onClick={() => {
                  setOpen(false);
                  onSelect(item.key);
                }}
              >
                {item.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
