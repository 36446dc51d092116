import { describe, expect, it } from 'vitest';
import {
  isLocalImageStyle,
  LOCAL_IMAGE_STYLES,
  ZImageStyleOptions,
  ZImageStyleParams,
} from './ai-engines';
import { ZAiFeature } from './ai-jobs';

describe('image-to-image local styles (DESIGN 5)', () => {
  it('takes the four local styles with every option defaulted, sized in mm', () => {
    for (const style of LOCAL_IMAGE_STYLES) {
      expect(ZImageStyleOptions.parse({ style })).toMatchObject({ style, widthMm: 100 });
    }
    expect(ZImageStyleOptions.parse({ style: 'line_drawing' }).dpi).toBeUndefined();
  });

  it('refuses a style it does not run and sizes outside 1 mm to 2 m', () => {
    expect(ZImageStyleParams.safeParse({ imageUrl: '/f.png', style: 'watercolor' }).success).toBe(
      false,
    );
    expect(
      ZImageStyleParams.safeParse({ imageUrl: '/f.png', style: 'stipple', widthMm: 2001 }).success,
    ).toBe(false);
    expect(isLocalImageStyle('hatching')).toBe(true);
    expect(isLocalImageStyle('lineArt')).toBe(false);
    expect(isLocalImageStyle(undefined)).toBe(false);
  });

  it('keeps the features answer readable by older clients (new fields are optional)', () => {
    const old = { kind: 'image_to_image', cost: 5, available: false, engine: null, setting: 'x' };
    expect(ZAiFeature.parse(old)).toEqual(old);
  });
});
