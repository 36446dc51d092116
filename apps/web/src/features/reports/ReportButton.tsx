import '../../i18n/lazy/social';
import type { TReportItemKind } from '@layerline/contract';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../stores/session.store';
import { useReport } from './use-report';

/**
 * A small 'Report' link for an item someone else wrote (ADR 0014): the report
 * dialog for logged-in users, the login dialog for visitors.
 */
export function ReportButton({
  kind,
  id,
  authorId,
}: {
  kind: TReportItemKind;
  id: number;
  authorId: number;
}) {
  const { t } = useTranslation('social');
  const myId = useSessionStore((state) => state.user.userId);
  const isLogin = useSessionStore((state) => state.isLogin);
  const report = useReport(kind, id);
  if (isLogin && myId === String(authorId)) return null;
  return (
    <>
      <Button type="link" size="small" onClick={report.open} data-testid={`${kind}-report`}>
        {t('report.action')}
      </Button>
      {report.dialog}
    </>
  );
}
