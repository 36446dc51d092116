import '../../i18n/lazy/feedback';
import { LIMITS, type TMessageKey, ZFeedbackContact } from '@layerline/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCancel } from '../../lib/api';
import { zodRule } from '../../lib/forms/zod-rule';
import { useUploadList } from '../works/publish/use-upload-list';
import { uploadFeedbackImage, useSubmitFeedback } from './api';
import { FeedbackImages } from './FeedbackImages';
import { FAILED_UPLOAD_VISIBLE_MS, FEEDBACK_IMAGE_SIZE_TEXT, imageRefusal } from './feedback-rules';
import './feedback.css';

type TFeedbackValues = { suggestion?: string; contact?: string };

/**
 * The feedback form of the SPEC 2 dialog and screen: suggestion with an
 * n/100 counter, up to 9 images, optional contact (SPEC 5). Empty text warns
 * (SPEC 8); success shows the server's thanks and a refusal its msg. After
 * either, the fields and images are cleared and `onDone` runs (the dialog
 * closes, SPEC 4); `keepOnFailure` keeps what was typed instead (the screen).
 */
export function FeedbackForm({
  onDone,
  keepOnFailure = false,
}: {
  onDone?: () => void;
  keepOnFailure?: boolean;
}) {
  const { t } = useTranslation('feedback');
  const { message } = App.useApp();
  const [form] = Form.useForm<TFeedbackValues>();
  const submit = useSubmitFeedback();
  // SPEC 4: a failed upload shows why, and its bar goes after 2 seconds.
  const images = useUploadList('feedback', {
    upload: uploadFeedbackImage,
    onFailed: (reason) => void message.error(t('uploadFailed', { reason })),
    dropFailedAfterMs: FAILED_UPLOAD_VISIBLE_MS,
  });

  // How many picked pictures the last pick left out (only 9 are kept); shown until the next change.
  const [dropped, setDropped] = useState(0);

  const handlePick = (files: File[]) => {
    const accepted: File[] = [];
    for (const file of files) {
      const refusal = imageRefusal(file);
      if (refusal) {
        void message.error(t(refusal, { name: file.name, size: FEEDBACK_IMAGE_SIZE_TEXT }));
      } else {
        accepted.push(file);
      }
    }
    const room = LIMITS.feedbackMaxImages - images.items.length;
    setDropped(Math.max(0, accepted.length - Math.max(0, room)));
    images.add(accepted.slice(0, Math.max(0, room)));
  };

  const clear = () => {
    form.resetFields();
    images.reset([]);
    setDropped(0);
  };

  const handleSubmit = async () => {
    const suggestion = (form.getFieldValue('suggestion') ?? '').trim();
    if (!suggestion) {
      void message.warning(t('suggestionRequired'));
      return;
    }
    if (images.isUploading) {
      void message.warning(t('waitForUploads'));
      return;
    }
    let values: TFeedbackValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      const answer = await submit.mutateAsync({
        suggestion,
        contact: values.contact?.trim() || null,
        picture: images.items.filter((item) => item.status === 'done').map((item) => item.url),
      });
      void message.success(answer.msg || t('sent'));
    } catch (error) {
      if (isCancel(error)) return;
      void message.error(error instanceof Error ? error.message : String(error));
      if (keepOnFailure) return;
    }
    clear();
    onDone?.();
  };

  const contactMessage = (key: TMessageKey | null) =>
    key === 'feedbackContactTooLong'
      ? t('contactTooLong', { max: LIMITS.feedbackContactMax })
      : t('emailFormat');

  return (
    <Form<TFeedbackValues>
      form={form}
      layout="vertical"
      className="feedback-form"
      disabled={submit.isPending}
    >
      <Form.Item name="suggestion" label={t('suggestion')} required>
        <Input.TextArea
          rows={4}
          maxLength={LIMITS.feedbackSuggestionMax}
          showCount={{ formatter: ({ count, maxLength }) => `${count}/${maxLength}` }}
          placeholder={t('suggestionPlaceholder')}
        />
      </Form.Item>
      <FeedbackImages
        images={images}
        onPick={handlePick}
        dropped={dropped}
        onRemoved={() => setDropped(0)}
      />
      <Form.Item
        name="contact"
        label={t('contact')}
        rules={[zodRule(ZFeedbackContact, contactMessage)]}
        validateTrigger="onBlur"
      >
        <Input
          maxLength={LIMITS.feedbackContactMax}
          placeholder={t('contactPlaceholder')}
          autoComplete="email"
        />
      </Form.Item>
      <Button
        type="primary"
        block
        onClick={() => void handleSubmit()}
        loading={submit.isPending}
        disabled={images.isUploading}
      >
        {t('submit')}
      </Button>
    </Form>
  );
}
