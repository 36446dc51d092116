import type { CSSProperties } from 'react';
import './skeleton.css';

/** A shimmering placeholder shape; decorative, so hidden from assistive tech. */
export function SkeletonBlock({ className, style }: { className?: string; style?: CSSProperties }) {
  return <div className={`skeleton-block ${className ?? ''}`} style={style} aria-hidden="true" />;
}
