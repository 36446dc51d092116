import { LIMITS, REJECT_PRESETS, type TRejectPreset } from '@layerline/contract';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import { useTranslation } from 'react-i18next';
import type { TRejection } from './api';

type TChoice = TRejectPreset | 'other';
type TRejectValues = { preset?: TChoice; text: string };

const CHOICES: readonly TChoice[] = [...REJECT_PRESETS, 'other'];

/**
 * Rejects a work: a preset reason is sent as its code, so the author reads it
 * in their own language (ADR 0014), with an optional note; 'Other' needs a
 * reason written out, sent as it is.
 */
export function RejectDialog({
  title,
  isPending,
  onSubmit,
  onClose,
}: {
  title: string;
  isPending: boolean;
  onSubmit: (rejection: TRejection) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<TRejectValues>();
  const choice = Form.useWatch('preset', form);
  const isPreset = choice !== undefined && choice !== 'other';
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
        onFinish={({ preset, text }) =>
          onSubmit({
            ...(preset && preset !== 'other' ? { preset } : {}),
            reason: text.trim(),
          })
        }
      >
        <Form.Item name="preset" label={t('reject.preset')} extra={t('reject.presetHint')}>
          <Radio.Group className="admin-reject__presets">
            {CHOICES.map((preset) => (
              <Radio key={preset} value={preset}>
                {t(`reject.presets.${preset}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="text"
          label={isPreset ? t('reject.note') : t('reject.detail')}
          rules={
            isPreset ? [] : [{ required: true, whitespace: true, message: t('reject.required') }]
          }
        >
          <Input.TextArea rows={3} maxLength={LIMITS.rejectionReasonMax} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
