import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths';

/**
 * The server's `setting` (README "AI providers"): alternatives separated by
 * commas or "or", each a set of variables joined by "+". Parenthesised notes
 * (a built-in fallback) are not alternatives.
 */
function settingChoices(setting: string | null): string[] {
  if (!setting) return [];
  return setting
    .replace(/\([^)]*\)/g, '')
    .split(/,|\bor\b/)
    .map((choice) => choice.trim())
    .filter((choice) => /^[A-Z0-9_+ ]+$/.test(choice) && choice !== '');
}

/** The README section that lists the providers' variables. */
const AI_PROVIDERS_SECTION = '#ai-providers';

type TUnavailableNoticeProps = {
  setting: string | null;
  /** Moderators and admins (session role) also read what turns the tool on. */
  isModerator: boolean;
};

/**
 * DESIGN 5: a feature no engine serves says so and charges nothing. Makers
 * read a plain sentence in their language; the site's moderators and admins
 * also see the variables to set and where they are documented.
 */
export function UnavailableNotice({ setting, isModerator }: TUnavailableNoticeProps) {
  const { t } = useTranslation('ai');
  const choices = settingChoices(setting);
  return (
    <div className="ai-unavailable" role="note" data-testid="ai-unavailable">
      <p className="ai-unavailable__title">{t('unavailable.title')}</p>
      <p>{t('unavailable.body')}</p>
      {isModerator && choices.length > 0 && (
        <div className="ai-unavailable__setup" data-testid="ai-unavailable-setup">
          <p>{t('unavailable.setup', { count: choices.length })}</p>
          <ul>
            {choices.map((choice) => (
              <li key={choice}>
                <code>{choice}</code>
              </li>
            ))}
          </ul>
          <p>
            {t('unavailable.docs', { section: AI_PROVIDERS_SECTION })}{' '}
            <Link to={`${PATHS.admin}?tab=ai`}>{t('unavailable.console')}</Link>
          </p>
        </div>
      )}
    </div>
  );
}
