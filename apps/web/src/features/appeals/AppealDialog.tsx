import '../../i18n/lazy/work';
import { LIMITS, type TMessageKey, ZAppealRequest } from '@layerline/contract';
import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../lib/forms/zod-rule';
import { useSubmitAppeal } from '../works/api';

type TAppealValues = { reason: string };

/**
 * SPEC 2 help mark and the owner's detail view: appeal a rejected work
 * (SPEC 3 Appeal, SPEC 5: the reason is required and not blank). The reason
 * is checked with the contract's schema, as the server checks it. A failure
 * shows the SPEC 8 appeal-failed message and keeps what was typed.
 */
export function AppealDialog({
  workId,
  workTitle,
  onClose,
}: {
  workId: number;
  workTitle?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['work', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<TAppealValues>();
  const appeal = useSubmitAppeal();
  const messageFor = (key: TMessageKey | null) =>
    key === 'appealReasonTooLong'
      ? t('appeal.tooLong', { max: LIMITS.appealReasonMax })
      : t('appeal.required');

  const handleFinish = async ({ reason }: TAppealValues) => {
    try {
      await appeal.mutateAsync({ work_id: workId, appeal_reason: reason.trim() });
    } catch {
      void message.error(t('appeal.failed'));
      return;
    }
    void message.success(t('appeal.success'));
    onClose();
  };

  return (
    <Modal
      open
      title={t('appeal.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('appeal.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: appeal.isPending }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {workTitle && <p className="appeal-dialog__work">{t('appeal.work', { title: workTitle })}</p>}
      <Form<TAppealValues>
        form={form}
        name={`appeal-${workId}`}
        layout="vertical"
        onFinish={handleFinish}
        disabled={appeal.isPending}
      >
        <Form.Item
          name="reason"
          label={t('appeal.reason')}
          required
          rules={[zodRule(ZAppealRequest.shape.appeal_reason, messageFor)]}
          validateFirst
        >
          <Input.TextArea
            rows={4}
            maxLength={LIMITS.appealReasonMax}
            showCount
            placeholder={t('appeal.placeholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
