import '../../i18n/lazy/legal';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../app/navigation';
import { PATHS } from '../../app/paths';
import { Dialog } from '../../components/ui/Dialog';
import { useUiStore } from '../../stores/ui.store';
import './legal-dialog.css';

/** The catalog marks 'the feedback form' as <feedback>…</feedback>. */
const FEEDBACK_TAG = /<feedback>(.*?)<\/feedback>/;

/**
 * A paragraph whose tagged phrase links to the feedback screen (SPEC 2); the
 * dialogs close on the way, as the reader is leaving them for that page.
 */
function Paragraph({ text, onLeave }: { text: string; onLeave: () => void }) {
  const match = FEEDBACK_TAG.exec(text);
  if (!match) return <p>{text}</p>;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onLeave();
    navigateTo(PATHS.feedback);
  };
  return (
    <p>
      {text.slice(0, match.index)}
      <a href={PATHS.feedback} onClick={handleClick}>
        {match[1]}
      </a>
      {text.slice(match.index + match[0].length)}
    </p>
  );
}

/**
 * SPEC 2: the user agreement and privacy policy open in a separate reading
 * dialog, in the current language. It stacks above the login dialog. Their
 * 'feedback form' leads to the feedback screen.
 */
export function LegalDialog() {
  const { t } = useTranslation('legal');
  const legalDocument = useUiStore((state) => state.legalDocument);
  const closeLegal = useUiStore((state) => state.closeLegal);
  const closeLogin = useUiStore((state) => state.closeLogin);
  const leave = () => {
    closeLegal();
    closeLogin();
  };
  const doc = legalDocument ?? 'agreement';
  const sections = t(`${doc}.sections`, { returnObjects: true });

  return (
    <Dialog
      open={legalDocument !== null}
      onClose={closeLegal}
      width={760}
      zIndex={1100}
      title={t(`${doc}.title`)}
      className="legal-dialog"
      bodyMaxHeight="70vh"
    >
      <article className="legal-document">
        <p className="legal-document__effective">{t('effective')}</p>
        <p>{t(`${doc}.intro`)}</p>
        {Array.isArray(sections) &&
          sections.map((section) => (
            <section key={section.heading}>
              <h3>{section.heading}</h3>
              {section.paragraphs.map((paragraph) => (
                <Paragraph key={paragraph} text={paragraph} onLeave={leave} />
              ))}
            </section>
          ))}
      </article>
    </Dialog>
  );
}
