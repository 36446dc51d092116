import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import './dialog.css';

type TDialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Width in px (or a CSS length) on a wide screen; a phone gets the screen less a margin. */
  width: number | string;
  className?: string;
  /** Above other dialogs (antd's default is 1000). */
  zIndex?: number;
  /** Whether a press on the mask closes it (SPEC 2: not for the login dialog). */
  isMaskClosable?: boolean;
  /** The body scrolls within this share of the screen's height. */
  bodyMaxHeight?: string;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** How many dialogs hold the page's scroll, so the last to close gives it back. */
let scrollLocks = 0;
let bodyOverflow = '';

function lockScroll(): () => void {
  if (scrollLocks === 0) {
    bodyOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  scrollLocks += 1;
  return () => {
    scrollLocks -= 1;
    if (scrollLocks === 0) document.body.style.overflow = bodyOverflow;
  };
}

/**
 * A modal dialog drawn with our own CSS, for what the home can open (the login
 * and legal dialogs), so it never loads antd (docs/PERFORMANCE.md, "Web first
 * load"). It behaves like antd's Modal: above a dimmed page, titled, with a
 * close button; Escape closes it and Tab stays inside; focus moves in on open
 * and back to where it was on close; the body is removed on close. It is not
 * the native <dialog>: that would sit in the top layer, above the antd
 * confirmation a form inside it opens (the agreement check, SPEC 5).
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  width,
  className,
  zIndex = 1000,
  isMaskClosable = true,
  bodyMaxHeight,
}: TDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const pressStartedOnMask = useRef(false);

  // Before paint: the opener is noted, then focus moves in, so the first key goes there.
  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll();
    panelRef.current?.focus();
    return () => {
      unlock();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A press that starts and ends on the mask closes; a text selection dragged out of the panel does not.
  const handleMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressStartedOnMask.current = event.target === event.currentTarget;
  };
  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    if (isMaskClosable && pressStartedOnMask.current && event.target === event.currentTarget) {
      onClose();
    }
    pressStartedOnMask.current = false;
  };

  return createPortal(
    <div className="ll-dialog-root" style={{ zIndex }}>
      <div className="ll-dialog-mask" aria-hidden="true" />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the mask only takes presses outside the panel. */}
      <div
        className="ll-dialog-wrap"
        onMouseDown={handleMouseDown}
        onClick={handleClick}
        onKeyDown={handleKeyDown}
      >
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          className={className ? `ll-dialog ${className}` : 'll-dialog'}
          style={{ width }}
        >
          <div className="ll-dialog__header">
            <h2 id={titleId} className="ll-dialog__title">
              {title}
            </h2>
            <button
              type="button"
              className="ll-dialog__close"
              aria-label={t('close')}
              onClick={onClose}
            >
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
                <path
                  d="M3.5 3.5l9 9m0-9l-9 9"
                  stroke="currentColor"
                  strokeWidth="1.6"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </div>
          <div
            className="ll-dialog__body"
            style={bodyMaxHeight ? { maxHeight: bodyMaxHeight, overflowY: 'auto' } : undefined}
          >
            {children}
          </div>
        </div>
      </div>
    </div>,
    document.body,
  );
}
