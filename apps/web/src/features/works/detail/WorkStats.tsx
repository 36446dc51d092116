import '../../../i18n/lazy/work';
import CommentOutlined from '@ant-design/icons/CommentOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import HeartOutlined from '@ant-design/icons/HeartOutlined';
import StarOutlined from '@ant-design/icons/StarOutlined';
import type { TWorkDetail } from '@layerline/contract';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../i18n/format';
import { useLocale } from '../../../i18n/use-locale';

/** The work's counts at a glance beside its files (SPEC 3 like, favor, download_count, comment_count). */
export function WorkStats({ work }: { work: TWorkDetail }) {
  const { t } = useTranslation('work');
  const locale = useLocale();
  const stats = [
    {
      key: 'likes',
      icon: <HeartOutlined aria-hidden />,
      label: t('social.likes'),
      value: work.like,
    },
    {
      key: 'collects',
      icon: <StarOutlined aria-hidden />,
      label: t('social.collects'),
      value: work.favor,
    },
    {
      key: 'downloads',
      icon: <DownloadOutlined aria-hidden />,
      label: t('card.downloads'),
      value: work.download_count,
    },
    {
      key: 'comments',
      icon: <CommentOutlined aria-hidden />,
      label: t('social.comments'),
      value: work.comment_count,
    },
  ];
  return (
    <dl className="work-stats" aria-label={t('social.label')}>
      {stats.map((stat) => (
        <div key={stat.key} className="work-stats__item" data-testid={`work-stat-${stat.key}`}>
          <dt className="work-stats__label">{stat.label}</dt>
          <dd className="work-stats__value">
            {stat.icon}
            {formatCount(stat.value, locale)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
