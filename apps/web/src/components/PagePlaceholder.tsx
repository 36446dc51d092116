import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './page-placeholder.css';

interface TPagePlaceholderProps {
  title: string;
  description: string;
  icon: ReactNode;
  children?: ReactNode;
}

/**
 * Frame of a screen whose content arrives in a later release: says what the
 * screen is for and, honestly, that it is not there yet.
 */
export function PagePlaceholder({ title, description, icon, children }: TPagePlaceholderProps) {
  const { t } = useTranslation();
  return (
    <section className="page-placeholder">
      <header className="page-placeholder__header">
        <span className="page-placeholder__icon" aria-hidden="true">
          {icon}
        </span>
        <div>
          <h1 className="page-placeholder__title">{title}</h1>
          <p className="page-placeholder__description">{description}</p>
        </div>
      </header>
      {children && <div className="page-placeholder__body">{children}</div>}
      <p className="page-placeholder__notice">{t('comingLater')}</p>
    </section>
  );
}
