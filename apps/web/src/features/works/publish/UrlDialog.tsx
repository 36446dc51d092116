import '../../../i18n/lazy/publish';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface TUrlDialogProps {
  title: string;
  initial?: string;
  onInsert: (url: string) => void;
  onClose: () => void;
}

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Asks for the address of a guide link or image; only http(s), as the server keeps. */
export function UrlDialog({ title, initial = '', onInsert, onClose }: TUrlDialogProps) {
  const { t } = useTranslation(['publish', 'common']);
  const [url, setUrl] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);

  const handleOk = () => {
    const value = url.trim();
    // Root-relative addresses are the site's own stored files.
    if (!value.startsWith('/') && !isHttpUrl(value)) {
      setProblem(t('instructions.urlInvalid'));
      return;
    }
    onInsert(value);
    onClose();
  };

  return (
    <Modal
      open
      title={title}
      okText={t('instructions.insert')}
      cancelText={t('common:cancel')}
      onOk={handleOk}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('instructions.urlLabel')}
          htmlFor="publish-guide-url"
          validateStatus={problem ? 'error' : undefined}
          help={problem}
        >
          <Input
            id="publish-guide-url"
            value={url}
            autoFocus
            placeholder={t('placeholders.sourceUrl')}
            onChange={(event) => {
              setUrl(event.target.value);
              setProblem(null);
            }}
            onPressEnter={handleOk}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
