import '../../i18n/lazy/social';
import {
  REPORT_REASONS,
  type TReportItemKind,
  type TReportReason,
  ZReportRequest,
} from '@layerline/contract';
import { useMutation } from '@tanstack/react-query';
import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import { useTranslation } from 'react-i18next';
import { sendReport } from './api';
import './report-dialog.css';

type TReportValues = { reason?: TReportReason; detail: string };

const DETAIL_MAX = ZReportRequest.shape.detail.unwrap().maxLength ?? 500;

/**
 * Reports a work, post or comment to the moderators (ADR 0014): a reason
 * from the API's list and optional details. The server's refusal (already
 * reported, too many reports) is shown and the dialog stays open.
 */
export function ReportDialog({
  kind,
  id,
  onClose,
}: {
  kind: TReportItemKind;
  id: number;
  onClose: () => void;
}) {
  const { t } = useTranslation(['social', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<TReportValues>();
  const report = useMutation({ mutationFn: sendReport });

  const handleFinish = async ({ reason, detail }: TReportValues) => {
    if (!reason) return;
    try {
      await report.mutateAsync({ kind, id, reason, detail: detail.trim() });
    } catch (error) {
      void message.error(t('report.failed', { message: (error as Error).message }));
      return;
    }
    void message.success(t('report.sent'));
    onClose();
  };

  return (
    <Modal
      open
      title={t('report.title', { item: t(`report.items.${kind}`) })}
      okText={t('report.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: report.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TReportValues>
        form={form}
        name={`report-${kind}-${id}`}
        layout="vertical"
        initialValues={{ detail: '' }}
        onFinish={handleFinish}
        disabled={report.isPending}
      >
        <Form.Item
          name="reason"
          label={t('report.reason')}
          rules={[{ required: true, message: t('report.reasonRequired') }]}
        >
          <Radio.Group className="report-dialog__reasons">
            {REPORT_REASONS.map((reason) => (
              <Radio key={reason} value={reason}>
                {t(`report.reasons.${reason}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="detail" label={t('report.detail')}>
          <Input.TextArea rows={3} maxLength={DETAIL_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
