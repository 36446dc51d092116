import CheckOutlined from '@ant-design/icons/CheckOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import type { TPointsSummary } from '@layerline/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { claimSignin, useRefreshAiData, useTasks } from './api';
import { errorText } from './use-ai-job';

/** The balance, today's allowance and SPEC 1's note that points are not cash. */
export function PointsBalance({
  summary,
  isLogin,
}: {
  summary: TPointsSummary | undefined;
  isLogin: boolean;
}) {
  const { t } = useTranslation('ai');
  return (
    <div className="ai-points" data-testid="ai-points">
      <WalletOutlined className="ai-points__icon" />
      <div>
        <div className="ai-points__balance">
          {isLogin && summary
            ? t('points.balance', { count: summary.balance })
            : t('points.visitor')}
        </div>
        <div className="ai-points__note">
          {summary
            ? t('points.daily', {
                amount: summary.dailyAllowance,
                time: formatDateTime(summary.nextRefreshAt),
              })
            : null}{' '}
          {t('points.notCash')}
        </div>
      </div>
    </div>
  );
}

/**
 * What earns points (SPEC 1: tasks), shown where too few points stop a job:
 * each task with its amount and state; the daily sign-in can be claimed here.
 */
export function EarnPoints() {
  const { t } = useTranslation('ai');
  const tasks = useTasks(true);
  const refresh = useRefreshAiData();
  const { message } = App.useApp();
  const [isClaiming, setClaiming] = useState(false);

  const signIn = async () => {
    setClaiming(true);
    try {
      const result = await claimSignin();
      void message.success(t('tasks.signedIn', { count: result.awarded }));
    } catch (error) {
      void message.error(errorText(error, t('tasks.failed')));
    } finally {
      setClaiming(false);
      refresh();
    }
  };

  return (
    <ul className="ai-tasks" aria-label={t('tasks.title')} data-testid="ai-tasks">
      {tasks.data
        ?.filter((task) => task.available)
        .map((task) => (
          <li key={task.task} className="ai-tasks__item">
            <span className="ai-tasks__name">
              {t(`tasks.names.${task.task}`)}
              <span className="ai-tasks__amount">+{task.amount}</span>
            </span>
            {task.completed ? (
              <span className="ai-tasks__done">
                <CheckOutlined /> {t(task.daily ? 'tasks.doneToday' : 'tasks.done')}
              </span>
            ) : task.task === 'signin' ? (
              <Button size="small" type="primary" loading={isClaiming} onClick={signIn}>
                {t('tasks.signin')}
              </Button>
            ) : (
              <span className="ai-tasks__todo">{t(`tasks.how.${task.task}`)}</span>
            )}
          </li>
        ))}
    </ul>
  );
}
