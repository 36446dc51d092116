import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StandaloneFrame } from './layout/StandaloneFrame';
import { PATHS } from './paths';

/** SPEC 2: /404, also reached when the server answers not-found. */
export function NotFoundPage() {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <StandaloneFrame>
      <Result
        status="404"
        title={t('notFoundTitle')}
        subTitle={t('notFoundBody')}
        extra={
          <Link className="button-link" to={PATHS.home}>
            {t('common:backHome')}
          </Link>
        }
      />
    </StandaloneFrame>
  );
}
