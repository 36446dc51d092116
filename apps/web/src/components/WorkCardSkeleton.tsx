import { SkeletonBlock } from './SkeletonBlock';
import './skeleton.css';

/** SPEC 2: the works grid shows skeleton cards (cover, title, creator, counts) while loading. */
export function WorkCardSkeleton() {
  return (
    <div className="work-card-skeleton">
      <SkeletonBlock className="work-card-skeleton__cover" />
      <div className="work-card-skeleton__body">
        <SkeletonBlock className="work-card-skeleton__title" />
        <div className="work-card-skeleton__meta">
          <SkeletonBlock className="work-card-skeleton__avatar" />
          <SkeletonBlock className="work-card-skeleton__name" />
          <SkeletonBlock className="work-card-skeleton__count" />
        </div>
      </div>
    </div>
  );
}
