import '../../../i18n/lazy/publish';
import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import type { TWorkDetail } from '@layerline/contract';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../app/paths';

interface TPublishResultProps {
  work: TWorkDetail;
  onPublishAnother: () => void;
}

/**
 * After a save: live at once (status published) or waiting for review
 * (in_review), with the ways on: the work, another work, one's profile.
 */
export function PublishResult({ work, onPublishAnother }: TPublishResultProps) {
  const { t } = useTranslation('publish');
  const isLive = work.status === 'published';
  return (
    <section className="publish-result" data-testid="publish-result" data-status={work.status}>
      <Result
        status={isLive ? 'success' : 'info'}
        icon={isLive ? undefined : <ClockCircleOutlined className="publish-result__review-icon" />}
        title={
          <h2 className="publish-result__title">
            {isLive ? t('result.publishedTitle') : t('result.reviewTitle')}
          </h2>
        }
        subTitle={
          isLive
            ? t('result.publishedBody', { title: work.title })
            : t('result.reviewBody', { title: work.title })
        }
        extra={
          <div className="publish-result__actions">
            <Link className="button-link" to={PATHS.work(work.id)}>
              {t('result.view')}
            </Link>
            <Button className="publish-result__button" onClick={onPublishAnother}>
              {t('result.another')}
            </Button>
            <Link className="publish-result__link" to={PATHS.profile(work.created_by)}>
              {t('result.profile')}
            </Link>
          </div>
        }
      />
    </section>
  );
}
