import '../../i18n/lazy/social';
import StarFilled from '@ant-design/icons/StarFilled';
import StarOutlined from '@ant-design/icons/StarOutlined';
import type { TWorkDetail } from '@layerline/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { useWorkState } from '../../entities/works';
import { formatCount } from '../../i18n/format';
import { useLocale } from '../../i18n/use-locale';
import { useFavorWork } from './api';

/** SPEC 2 bottom bar collect button with the work's collect count (SPEC 4: optimistic). */
export function FavorButton({
  work: answer,
}: {
  work: Pick<TWorkDetail, 'id' | 'is_favor' | 'favor'>;
}) {
  const { t } = useTranslation('social');
  // As the work's entry has it (ADR 0049): the optimistic count shows here and on the cards.
  const work = useWorkState(answer);
  const locale = useLocale();
  const { toggle } = useFavorWork(work);
  return (
    <Button
      variant="text"
      className={`social-button${work.is_favor ? ' is-on' : ''}`}
      icon={work.is_favor ? <StarFilled aria-hidden /> : <StarOutlined aria-hidden />}
      aria-pressed={work.is_favor}
      title={t(work.is_favor ? 'uncollect' : 'collect')}
      onClick={toggle}
      data-testid="favor-button"
    >
      <span className="visually-hidden">{t('collects')}</span>
      <span data-testid="work-collects">{formatCount(work.favor, locale)}</span>
    </Button>
  );
}
