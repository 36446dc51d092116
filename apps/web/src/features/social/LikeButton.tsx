import '../../i18n/lazy/social';
import HeartFilled from '@ant-design/icons/HeartFilled';
import HeartOutlined from '@ant-design/icons/HeartOutlined';
import type { TWorkDetail } from '@layerline/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { useWorkState } from '../../entities/works';
import { formatCount } from '../../i18n/format';
import { useLocale } from '../../i18n/use-locale';
import { useLikeWork } from './api';

/**
 * A heart with its like count, pressed while liked: the look and labels of
 * every like (a work's bottom bar, a community post). The caller's hook
 * decides what a press does.
 */
export function LikeToggle({
  isLiked,
  count,
  onToggle,
  isPending,
  className,
  testId,
  countTestId,
}: {
  isLiked: boolean;
  count: number;
  onToggle: () => void;
  isPending: boolean;
  className?: string;
  testId: string;
  countTestId: string;
}) {
  const { t } = useTranslation('social');
  const locale = useLocale();
  return (
    <Button
      variant="text"
      className={['social-button', className, isLiked && 'is-on'].filter(Boolean).join(' ')}
      icon={isLiked ? <HeartFilled aria-hidden /> : <HeartOutlined aria-hidden />}
      aria-pressed={isLiked}
      aria-busy={isPending || undefined}
      title={t(isLiked ? 'unlike' : 'like')}
      onClick={onToggle}
      data-testid={testId}
    >
      <span className="visually-hidden">{t('likes')}</span>
      <span data-testid={countTestId}>{formatCount(count, locale)}</span>
    </Button>
  );
}

/**
 * SPEC 2 bottom bar like button with the work's like count (SPEC 4: changes
 * after success), as the work's entry has it (ADR 0049).
 */
export function LikeButton({
  work: answer,
}: {
  work: Pick<TWorkDetail, 'id' | 'is_like' | 'like'>;
}) {
  const work = useWorkState(answer);
  const { toggle, isPending } = useLikeWork(work);
  return (
    <LikeToggle
      isLiked={work.is_like}
      count={work.like}
      onToggle={toggle}
      isPending={isPending}
      testId="like-button"
      countTestId="work-likes"
    />
  );
}
