import './spinner.css';

/**
 * A turning ring in the accent colour: what antd's Spin showed, without its
 * runtime styles. Decorative; the region that waits says so (aria-busy).
 */
export function Spinner({
  size = 'middle',
  className,
}: {
  size?: 'small' | 'middle' | 'large';
  className?: string;
}) {
  return (
    <span
      className={`ll-spinner ll-spinner--${size}${className ? ` ${className}` : ''}`}
      aria-hidden="true"
    />
  );
}
