import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { variantSrcSet } from './image-srcset';
import { SafeImage } from './SafeImage';
import { UserAvatar } from './UserAvatar';

// docs/PERFORMANCE.md "Image variants": cards, mosaics and avatars offer the
// 96, 160 and 320 px copies stored beside each thumbnail and avatar.

const HASH = 'ab'.repeat(32);
const THUMB = `/files/ab/${HASH}.webp`;
const copy = (width: number) => `/files/ab/${HASH}.w${width}.webp`;

describe('srcset of stored copies', () => {
  it('lists the copies smaller than the image, then the image at its own width', () => {
    expect(variantSrcSet(THUMB, 480)).toBe(
      `${copy(96)} 96w, ${copy(160)} 160w, ${copy(320)} 320w, ${THUMB} 480w`,
    );
    expect(variantSrcSet(THUMB, 160)).toBe(`${copy(96)} 96w, ${THUMB} 160w`);
    expect(variantSrcSet('/files/ab/cover.png', 480)).toBeUndefined();
    expect(variantSrcSet('data:image/webp;base64,AAAA', 480)).toBeUndefined();
  });

  it('gives a card image its copies with the box size, and only the image when a copy fails', () => {
    render(
      <SafeImage src={THUMB} alt="Gear" sizes="(max-width: 767px) 50vw, 300px" srcWidth={480} />,
    );
    const image = screen.getByRole('img', { name: 'Gear' });
    expect(image).toHaveAttribute('srcset', variantSrcSet(THUMB, 480));
    expect(image).toHaveAttribute('sizes', '(max-width: 767px) 50vw, 300px');
    expect(image).toHaveAttribute('src', THUMB);

    // A store that has no copies of an older image: the image itself, not a failure.
    fireEvent.error(image);
    const single = screen.getByRole('img', { name: 'Gear' });
    expect(single).not.toHaveAttribute('srcset');
    expect(single).toHaveAttribute('src', THUMB);
  });

  it('gives an avatar the copies for its size', () => {
    render(<UserAvatar src={THUMB} alt="Avatar" size={32} />);
    const image = screen.getByRole('img', { name: 'Avatar' });
    expect(image).toHaveAttribute('srcset', variantSrcSet(THUMB, 512));
    expect(image).toHaveAttribute('sizes', '32px');
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Avatar' })).not.toHaveAttribute('srcset');
    fireEvent.error(screen.getByRole('img', { name: 'Avatar' }));
    expect(screen.queryByRole('img', { name: 'Avatar' })).toBeNull();
  });
});
