import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react';
import { Spinner } from './Spinner';
import './button.css';

export type TButtonVariant = 'primary' | 'default' | 'text' | 'link';

type TButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  variant?: TButtonVariant;
  size?: 'small' | 'middle' | 'large';
  /** Full width of its container. */
  block?: boolean;
  danger?: boolean;
  /** Shown before the label. */
  icon?: ReactNode;
  /** 'submit' for a form's main button. */
  type?: 'button' | 'submit';
  /** A request it started is on its way: a spinner, and no second press. */
  isLoading?: boolean;
};

/**
 * The app's button for the screens that load first (the shell and the home),
 * drawn with our own CSS in the theme's colours (app/theme.ts variables), so
 * those screens do not load antd's runtime styles (docs/PERFORMANCE.md, "Web
 * first load").
 */
export const Button = forwardRef<HTMLButtonElement, TButtonProps>(function Button(
  {
    variant = 'default',
    size = 'middle',
    block = false,
    danger = false,
    icon,
    type = 'button',
    isLoading = false,
    className,
    children,
    disabled,
    ...rest
  },
  ref,
) {
  const classes = [
    'll-btn',
    `ll-btn--${variant}`,
    size !== 'middle' && `ll-btn--${size}`,
    block && 'll-btn--block',
    danger && 'll-btn--danger',
    !children && 'll-btn--icon-only',
    isLoading && 'll-btn--loading',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      ref={ref}
      type={type}
      className={classes}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...rest}
    >
      {isLoading && <Spinner size="small" className="ll-btn__spinner" />}
      {icon && !isLoading && (
        <span className="ll-btn__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      {children}
    </button>
  );
});
