import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../stores/ui.store';
import './legal-dialog.css';

/**
 * SPEC 2: the user agreement and privacy policy open in a separate reading
 * dialog, in the current language. It stacks above the login dialog.
 */
export function LegalDialog() {
  const { t } = useTranslation('legal');
  const legalDocument = useUiStore((state) => state.legalDocument);
  const closeLegal = useUiStore((state) => state.closeLegal);
  const doc = legalDocument ?? 'agreement';
  const sections = t(`${doc}.sections`, { returnObjects: true });

  return (
    <Modal
      open={legalDocument !== null}
      onCancel={closeLegal}
      footer={null}
      width={760}
      zIndex={1100}
      centered
      title={t(`${doc}.title`)}
      className="legal-dialog"
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto' } }}
    >
      <article className="legal-document">
        <p className="legal-document__effective">{t('effective')}</p>
        <p>{t(`${doc}.intro`)}</p>
        {Array.isArray(sections) &&
          sections.map((section) => (
            <section key={section.heading}>
              <h3>{section.heading}</h3>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
      </article>
    </Modal>
  );
}
