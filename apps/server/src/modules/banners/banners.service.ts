import { ICON_TYPES, type TBanner, type TLocale } from '@layerline/contract';
import { localised } from '../../lib/localised';
import type { BannersRepository, TBannerRow } from './banners.repository';

type TIconType = TBanner['iconType'];

function iconTypeOf(value: string): TIconType {
  return (ICON_TYPES as readonly string[]).includes(value) ? (value as TIconType) : 'default';
}

/**
 * SPEC 3 carousel or banner item. Empty texts and links stay empty: the client
 * puts its placeholder image, default text or '#' in their place (SPEC 3, 4).
 */
export function toBanner(row: TBannerRow, locale: TLocale): TBanner {
  return {
    id: row.id,
    img: row.img,
    title: localised(locale, row.titleEn, row.titleZh),
    link: row.link,
    title_link: row.titleLink,
    subtitle: localised(locale, row.subtitleEn, row.subtitleZh),
    buttonText: localised(locale, row.buttonTextEn, row.buttonTextZh),
    iconType: iconTypeOf(row.iconType),
  };
}

export class BannersService {
  constructor(private readonly repository: BannersRepository) {}

  /** SPEC 7: type 1 the carousel, 2 the banner grid; active items by sort. */
  async list(type: 1 | 2, locale: TLocale): Promise<TBanner[]> {
    const rows = await this.repository.listActive(type);
    return rows.map((row) => toBanner(row, locale));
  }

  /** The first carousel slide's image, which the home page paints before its scripts run. */
  async firstCarouselImage(): Promise<string | undefined> {
    const [first] = await this.repository.listActive(1);
    return first?.img || undefined;
  }
}
