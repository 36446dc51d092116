import { formatDateTime } from '../../i18n/format';
import { useTimeAgo } from './use-time-ago';

/** SPEC 9 relative time ('3 minutes ago'), the full date and time on hover. */
export function TimeAgo({ value, className }: { value: string; className?: string }) {
  const timeAgo = useTimeAgo();
  return (
    <time className={className} dateTime={value} title={formatDateTime(value)}>
      {timeAgo(value)}
    </time>
  );
}
