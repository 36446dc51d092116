import { useSyncExternalStore } from 'react';
import { currentToasts, subscribeToasts, type TToastKind } from './toasts';
import './toaster.css';

const ICON_PATH: Record<TToastKind, string> = {
  success: 'M5 10.5l3.2 3.2L15 7',
  error: 'M7 7l6 6m0-6l-6 6',
  warning: 'M10 5.5v5.5m0 3v.01',
  info: 'M10 9v5.5m0-8v.01',
};

/**
 * The messages of toasts.ts, at the top of the screen as antd's were: a
 * polite status for most, an alert for errors, each gone after 3 s.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts);
  return (
    <div className="ll-toaster">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`ll-toast ll-toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          <svg
            className="ll-toast__icon"
            viewBox="0 0 20 20"
            width="16"
            height="16"
            aria-hidden="true"
          >
            <circle cx="10" cy="10" r="10" fill="currentColor" />
            <path
              d={ICON_PATH[toast.kind]}
              fill="none"
              stroke="#fff"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="ll-toast__content">{toast.content}</span>
        </div>
      ))}
    </div>
  );
}
