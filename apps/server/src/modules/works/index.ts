/** The works module's public face (ADR 0047): what other modules and the composition may use. */

export {
  type TModerationRow,
  type TReviewState,
  type TWorkRow,
  type TWorkWithAuthor,
  type WorkRecords,
  workRecords,
} from './work-records';
export { toModerationItem } from './works.mapper';
export { type TWorksModule, worksModule } from './works.plugin';
export { assertOwner, canView } from './works.policy';
export type { TSearchIndex, TShareInfo } from './works.service';
export type { TWordCheck } from './works-input';
