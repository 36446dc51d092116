import './i18n';
import './admin.css';
import Statistic from 'antd/es/statistic';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StandaloneFrame } from '../../app/layout/StandaloneFrame';
import { AiProvidersTab } from './AiProvidersTab';
import { AppealsTab } from './AppealsTab';
import { AuditTab } from './AuditTab';
import { type TAdminSummary, useAdminSummary } from './api';
import { ContentTab } from './ContentTab';
import { FeedbackTab } from './FeedbackTab';
import { ReportsTab } from './ReportsTab';
import { ReviewTab } from './ReviewTab';
import { UsersTab } from './UsersTab';
import { WordsTab } from './WordsTab';

const COUNTS: (keyof TAdminSummary)[] = [
  'works_in_review',
  'open_appeals',
  'open_reports',
  'open_feedback',
];

const TABS = [
  'review',
  'appeals',
  'reports',
  'feedback',
  'content',
  'users',
  'words',
  'audit',
  'ai',
] as const;
type TTab = (typeof TABS)[number];
const isTab = (value: string | null): value is TTab => TABS.includes(value as TTab);

const PANELS: Record<TTab, () => React.JSX.Element> = {
  review: ReviewTab,
  appeals: AppealsTab,
  reports: ReportsTab,
  feedback: FeedbackTab,
  content: ContentTab,
  users: UsersTab,
  words: WordsTab,
  audit: AuditTab,
  ai: AiProvidersTab,
};

/**
 * The moderation console (ADR 0014), moderators and admins only: the queue
 * counts above tabs for each queue, users, sensitive words and the audit log.
 * `?tab=` keeps the open tab in the address.
 */
export function AdminConsole() {
  const { t } = useTranslation('admin');
  const summary = useAdminSummary();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const active: TTab = isTab(tab) ? tab : 'review';

  return (
    <StandaloneFrame>
      <div className="admin-console" data-testid="admin-console">
        <h1 className="admin-console__title">{t('title')}</h1>
        <div className="admin-console__summary" data-testid="admin-summary">
          {COUNTS.map((key) => (
            <Statistic
              key={key}
              className="admin-console__count"
              title={t(`summary.${key}`)}
              value={summary.data?.[key] ?? '–'}
              loading={summary.isLoading}
            />
          ))}
        </div>
        <Tabs
          activeKey={active}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          destroyOnHidden
          items={TABS.map((key) => {
            const Panel = PANELS[key];
            return { key, label: t(`tabs.${key}`), children: <Panel /> };
          })}
        />
      </div>
    </StandaloneFrame>
  );
}
