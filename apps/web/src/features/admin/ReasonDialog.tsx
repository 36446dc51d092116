import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';

type TReasonValues = { reason: string };

/**
 * Asks for the reason of a console action (kept in the audit log) and
 * confirms it. `required` refuses a blank reason (suspending needs one).
 */
export function ReasonDialog({
  title,
  okText,
  required = false,
  danger = false,
  isPending = false,
  onSubmit,
  onClose,
}: {
  title: string;
  okText?: string;
  required?: boolean;
  danger?: boolean;
  isPending?: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<TReasonValues>();
  return (
    <Modal
      open
      title={title}
      okText={okText ?? t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger, loading: isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TReasonValues>
        form={form}
        layout="vertical"
        initialValues={{ reason: '' }}
        onFinish={({ reason }) => onSubmit(reason.trim())}
      >
        <Form.Item
          name="reason"
          label={t('common.reason')}
          rules={
            required ? [{ required: true, whitespace: true, message: t('reject.required') }] : []
          }
        >
          <Input.TextArea rows={3} maxLength={200} placeholder={t('common.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
