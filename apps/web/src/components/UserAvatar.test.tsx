import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-app';
import { UserAvatar } from './UserAvatar';

/** Lets the test swap the address without remounting the avatar. */
function Harness() {
  const [src, setSrc] = useState('/files/broken.png');
  return (
    <>
      <UserAvatar src={src} alt="Avatar" />
      <button type="button" onClick={() => setSrc('/files/new.png')}>
        next
      </button>
    </>
  );
}

describe('avatar fallback (SPEC 3, SPEC 8 Feature level)', () => {
  it('shows the default avatar when the address is missing', () => {
    renderWithProviders(<UserAvatar src="" alt="Avatar of Maker" />);
    expect(screen.queryByRole('img', { name: 'Avatar of Maker' })).toBeNull();
    expect(document.querySelector('.anticon-user')).not.toBeNull();
  });

  it('falls back when the image fails to load, and tries a new address again', () => {
    renderWithProviders(<Harness />);
    fireEvent.error(screen.getByRole('img', { name: 'Avatar' }));
    expect(screen.queryByRole('img', { name: 'Avatar' })).toBeNull();
    expect(document.querySelector('.anticon-user')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(screen.getByRole('img', { name: 'Avatar' })).toHaveAttribute('src', '/files/new.png');
  });
});
