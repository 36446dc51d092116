import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import type { TCaptcha } from './api';

interface TCaptchaFieldProps {
  /** The form's id prefix, so the label points at this form's input. */
  formName: string;
  captcha: TCaptcha | undefined;
  isLoading: boolean;
  onRefresh: () => void;
}

/**
 * SPEC 2 login panel: the captcha answer beside its image; a click on the
 * image draws a new one. Emptiness is checked on submit (SPEC 5: an alert),
 * not by a field rule.
 */
export function CaptchaField({ formName, captcha, isLoading, onRefresh }: TCaptchaFieldProps) {
  const { t } = useTranslation('auth');
  const inputId = `${formName}_code`;
  return (
    <Form.Item label={t('fields.captcha')} htmlFor={inputId} required>
      <div className="auth-form__row">
        <Form.Item name="code" noStyle>
          <Input
            id={inputId}
            autoComplete="off"
            maxLength={16}
            placeholder={t('fields.captchaPlaceholder')}
          />
        </Form.Item>
        <button
          type="button"
          className="captcha-image"
          onClick={onRefresh}
          aria-label={t('captcha.refresh')}
          title={t('captcha.refresh')}
          aria-busy={isLoading}
        >
          {captcha?.image ? (
            <img src={captcha.image} alt="" />
          ) : isLoading ? (
            <Spin size="small" aria-label={t('captcha.loading')} />
          ) : (
            <span className="captcha-image__retry">{t('captcha.retry')}</span>
          )}
        </button>
      </div>
    </Form.Item>
  );
}
