import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import { useTranslation } from 'react-i18next';

type TReasonValues = { reason: string; days: TSuspensionChoice };

/** A suspension's length in days; 0: until it is lifted. */
type TSuspensionChoice = 0 | 1 | 7 | 30;
const DURATIONS: readonly TSuspensionChoice[] = [1, 7, 30, 0];

/**
 * Asks for the reason of a console action (kept in the audit log) and
 * confirms it. `required` refuses a blank reason (suspending needs one);
 * `withDuration` asks how long a suspension lasts (null days: until lifted).
 */
export function ReasonDialog({
  title,
  okText,
  required = false,
  danger = false,
  isPending = false,
  withDuration = false,
  onSubmit,
  onClose,
}: {
  title: string;
  okText?: string;
  required?: boolean;
  danger?: boolean;
  isPending?: boolean;
  withDuration?: boolean;
  onSubmit: (reason: string, days: 1 | 7 | 30 | null) => void;
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
        initialValues={{ reason: '', days: 0 }}
        onFinish={({ reason, days }) => onSubmit(reason.trim(), days === 0 ? null : days)}
      >
        {withDuration && (
          <Form.Item name="days" label={t('users.duration')}>
            <Radio.Group data-testid="suspend-duration">
              {DURATIONS.map((days) => (
                <Radio key={days} value={days}>
                  {t(`users.durations.d${days}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        )}
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
