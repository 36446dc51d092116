import '../../i18n/lazy/profile';
import type { TUserProfile } from '@layerline/contract';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../i18n/format';
import { useLocale } from '../../i18n/use-locale';

type TCounterKey = 'follows' | 'fans' | 'likes' | 'favorites' | 'works';

/**
 * SPEC 3 user counters (follows, fans, likes, favorites, points) and the
 * number of published works. Points are shown on one's own profile only (the
 * server sends them to the user themself); likes and favourites count what
 * the user's works received.
 */
export function ProfileCounters({
  profile,
  points,
}: {
  profile: TUserProfile | undefined;
  /** One's own points; null on someone else's profile. */
  points: number | null;
}) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const counters: { key: TCounterKey; value: number | undefined }[] = [
    { key: 'follows', value: profile?.follows },
    { key: 'fans', value: profile?.fans },
    { key: 'likes', value: profile?.likes },
    { key: 'favorites', value: profile?.favorites },
    { key: 'works', value: profile?.work_count },
  ];
  return (
    <dl className="profile-counters">
      {counters.map(({ key, value }) => (
        <div key={key} className="profile-counters__item" data-testid={`profile-counter-${key}`}>
          <dt>{t(`counters.${key}`)}</dt>
          <dd>{value === undefined ? '–' : formatCount(value, locale)}</dd>
        </div>
      ))}
      {points !== null && (
        <div
          className="profile-counters__item"
          data-testid="profile-counter-points"
          title={t('pointsNote')}
        >
          <dt>{t('points')}</dt>
          {/* Points pay for AI creation: the exact number, not a rounded one. */}
          <dd data-testid="profile-points">{points.toLocaleString(locale)}</dd>
          {/* SPEC 1: points are never convertible to cash. */}
          <dd className="profile-counters__note" data-testid="profile-points-note">
            {t('pointsNote')}
          </dd>
        </div>
      )}
    </dl>
  );
}
