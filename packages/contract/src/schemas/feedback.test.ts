import { describe, expect, it } from 'vitest';
import { ZFeedbackRequest } from './feedback';

const issue = (input: unknown) => {
  const result = ZFeedbackRequest.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('feedback request (SPEC 5)', () => {
  it('trims the suggestion and takes 1 to 100 characters', () => {
    expect(ZFeedbackRequest.parse({ suggestion: '  hi  ' })).toEqual({
      suggestion: 'hi',
      contact: null,
      picture: [],
    });
    expect(issue({ suggestion: 'x'.repeat(100) })).toBeNull();
    expect(issue({})).toBe('feedbackSuggestionRequired');
    expect(issue({ suggestion: ' \t ' })).toBe('feedbackSuggestionRequired');
    expect(issue({ suggestion: 'x'.repeat(101) })).toBe('feedbackSuggestionTooLong');
  });

  it('checks a contact as an e-mail only when it has an @, up to 254 characters', () => {
    expect(ZFeedbackRequest.parse({ suggestion: 'a', contact: '  ' }).contact).toBeNull();
    expect(ZFeedbackRequest.parse({ suggestion: 'a', contact: ' a@b.co ' }).contact).toBe('a@b.co');
    expect(issue({ suggestion: 'a', contact: '+86 138 0000 0000' })).toBeNull();
    expect(issue({ suggestion: 'a', contact: 'a@b' })).toBe('emailFormat');
    expect(issue({ suggestion: 'a', contact: `${'m'.repeat(243)}@example.com` })).toBe(
      'feedbackContactTooLong',
    );
  });

  it('takes up to 9 pictures', () => {
    const pictures = (n: number) => Array.from({ length: n }, (_, i) => `/files/p${i}.webp`);
    expect(issue({ suggestion: 'a', picture: pictures(9) })).toBeNull();
    expect(issue({ suggestion: 'a', picture: pictures(10) })).toBe('feedbackPicturesTooMany');
    expect(issue({ suggestion: 'a', picture: 'one' })).toBe('feedbackPictureInvalid');
  });
});
