import { LIMITS } from '@layerline/contract';
import { describe, expect, it } from 'vitest';
import { AVATAR_ACCEPT, checkAvatarFile, readPreview } from './avatar-rules';

describe('avatar rules (SPEC 5: JPG, PNG or GIF, up to 2 MB)', () => {
  it('accepts the three image types up to exactly 2 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif']) {
      expect(checkAvatarFile({ type, size: LIMITS.avatarMaxBytes })).toBeNull();
    }
    expect(AVATAR_ACCEPT).toBe('image/jpeg,image/png,image/gif');
  });

  it('refuses other types, WebP and SVG included', () => {
    for (const type of ['image/webp', 'image/svg+xml', 'application/pdf', '']) {
      expect(checkAvatarFile({ type, size: 10 })).toBe('avatarType');
    }
  });

  it('refuses anything over 2 MB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: LIMITS.avatarMaxBytes + 1 })).toBe(
      'avatarSize',
    );
  });

  it('reads a preview as a data URL', async () => {
    const preview = await readPreview(new Blob(['png'], { type: 'image/png' }));
    expect(preview).toMatch(/^data:image\/png;base64,/);
  });
});
