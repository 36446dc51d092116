import '../../i18n/lazy/feedback';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from './FeedbackForm';
import './feedback.css';

/**
 * SPEC 2 feedback screen (problem text, images, contact e-mail) at
 * /feedback, open to visitors: the dialog's form on a page. A refused
 * submit keeps what was typed here, as the page stays.
 */
export function FeedbackPage() {
  const { t } = useTranslation('feedback');
  return (
    <section className="feedback-page" aria-labelledby="feedback-page-title">
      <h1 id="feedback-page-title" className="feedback-page__title">
        {t('pageTitle')}
      </h1>
      <p className="feedback-page__intro">{t('intro')}</p>
      <div className="feedback-page__card">
        <FeedbackForm keepOnFailure />
      </div>
    </section>
  );
}
