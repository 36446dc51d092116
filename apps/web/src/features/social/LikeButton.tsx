import HeartFilled from '@ant-design/icons/HeartFilled';
import HeartOutlined from '@ant-design/icons/HeartOutlined';
import type { TWorkDetail } from '@layerline/contract';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../i18n/format';
import { useLocale } from '../../i18n/use-locale';
import { useLikeWork } from './api';

/** SPEC 2 bottom bar like button with the work's like count (SPEC 4: changes after success). */
export function LikeButton({ work }: { work: Pick<TWorkDetail, 'id' | 'is_like' | 'like'> }) {
  const { t } = useTranslation('social');
  const locale = useLocale();
  const { toggle, isPending } = useLikeWork(work);
  return (
    <Button
      type="text"
      className={`social-button${work.is_like ? ' is-on' : ''}`}
      icon={work.is_like ? <HeartFilled aria-hidden /> : <HeartOutlined aria-hidden />}
      aria-pressed={work.is_like}
      aria-busy={isPending || undefined}
      title={t(work.is_like ? 'unlike' : 'like')}
      onClick={toggle}
      data-testid="like-button"
    >
      <span className="visually-hidden">{t('likes')}</span>
      <span data-testid="work-likes">{formatCount(work.like, locale)}</span>
    </Button>
  );
}
