import { LIMITS } from '@layerline/contract';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import { useTranslation } from 'react-i18next';

export const REJECT_PRESETS = ['files', 'notOwn', 'inappropriate', 'misleading', 'other'] as const;
type TPreset = (typeof REJECT_PRESETS)[number];
type TRejectValues = { preset: TPreset; text: string };

/**
 * Rejects a work: a preset reason fills the text the author will see, which
 * may be edited or written freely ('Other'). What is sent is the text shown.
 */
export function RejectDialog({
  title,
  isPending,
  onSubmit,
  onClose,
}: {
  title: string;
  isPending: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<TRejectValues>();
  return (
    <Modal
      open
      title={t('reject.title', { title })}
      okText={t('reject.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TRejectValues>
        form={form}
        layout="vertical"
        name="reject-work"
        initialValues={{ text: '' }}
        onFinish={({ text }) => onSubmit(text.trim())}
        onValuesChange={(changed: Partial<TRejectValues>) => {
          if (changed.preset)
            form.setFieldValue(
              'text',
              changed.preset === 'other' ? '' : t(`reject.presets.${changed.preset}`),
            );
        }}
      >
        <Form.Item name="preset" label={t('reject.preset')}>
          <Radio.Group className="admin-reject__presets">
            {REJECT_PRESETS.map((preset) => (
              <Radio key={preset} value={preset}>
                {t(`reject.presets.${preset}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="text"
          label={t('reject.detail')}
          rules={[{ required: true, whitespace: true, message: t('reject.required') }]}
        >
          <Input.TextArea rows={3} maxLength={LIMITS.rejectionReasonMax} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
