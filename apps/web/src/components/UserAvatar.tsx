import UserOutlined from '@ant-design/icons/UserOutlined';
import { AVATAR_SIZE } from '@layerline/contract';
import { useState } from 'react';
import { variantSrcSet } from './image-srcset';
import './user-avatar.css';

interface TUserAvatarProps {
  src: string | null | undefined;
  size?: number;
  /** Text alternative; empty when a visible name already sits beside the image. */
  alt: string;
  className?: string;
  /** Not near the screen yet (use-near-viewport.ts): an empty circle, nothing fetched. */
  isHeld?: boolean;
}

/**
 * SPEC 3 and SPEC 8: the default avatar is shown when the address is missing
 * or the image fails to load. A new address gets a fresh attempt.
 *
 * A plain image in a circle rather than antd's Avatar: a feed page shows 50 of
 * them, and each antd component instance pays its CSS-in-JS bookkeeping on
 * every render, which a phone feels (docs/PERFORMANCE.md, "Web first load").
 */
export function UserAvatar({ src, size = 32, alt, className, isHeld = false }: TUserAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  /** An avatar stored before its copies were made, in a store that cannot make them. */
  const [srcWithoutCopies, setSrcWithoutCopies] = useState<string | null>(null);
  const shown = src && src !== failedSrc ? src : undefined;
  // Its smaller copies (image-srcset.ts): a 32 px avatar takes the 96 px one, not 512 px.
  const srcSet =
    shown && shown !== srcWithoutCopies ? variantSrcSet(shown, AVATAR_SIZE) : undefined;
  return (
    <span
      className={className ? `user-avatar ${className}` : 'user-avatar'}
      style={{ width: size, height: size, fontSize: Math.round(size / 2) }}
    >
      {isHeld ? null : shown ? (
        <img
          key={srcSet ? 'set' : 'one'}
          src={shown}
          srcSet={srcSet}
          sizes={srcSet ? `${size}px` : undefined}
          alt={alt}
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          onError={() => (srcSet ? setSrcWithoutCopies(shown) : setFailedSrc(src ?? null))}
        />
      ) : (
        <UserOutlined aria-hidden />
      )}
    </span>
  );
}
