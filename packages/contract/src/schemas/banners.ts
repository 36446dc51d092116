import { z } from 'zod';
import { ICON_TYPES } from '../constants';
import { ZListEnvelope } from '../envelope';

/** SPEC 7: `type` 1 is the carousel, 2 the banner grid. */
export const ZBannerListQuery = z.object({
  type: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2)])),
});
export type TBannerListQuery = z.infer<typeof ZBannerListQuery>;

/** SPEC 3: carousel or banner item. */
export const ZBanner = z.object({
  id: z.number().int(),
  img: z.string(),
  title: z.string(),
  link: z.string(),
  title_link: z.string(),
  subtitle: z.string(),
  buttonText: z.string(),
  iconType: z.enum(ICON_TYPES),
});
export type TBanner = z.infer<typeof ZBanner>;

/** GET /api/v1/banner/list?type=1|2: active items of that type, by sort. */
export const ZBannerListResponse = ZListEnvelope(ZBanner);
