import { describe, expect, it } from 'vitest';
import { stemEnglish } from './english-stemmer';

const stems = (words: string) => words.split(' ').map(stemEnglish);

describe('stemEnglish', () => {
  it('drops plural endings', () => {
    expect(stems('coasters keychains dragons gaps kiwis')).toEqual(
      stems('coaster keychain dragon gap kiwi'),
    );
    expect(stemEnglish('coasters')).toBe('coaster');
  });

  it('drops -es after s, x, ch and sh sounds the same way as the singular', () => {
    expect(stemEnglish('boxes')).toBe('box');
    expect(stemEnglish('glasses')).toBe('glass');
    expect(stemEnglish('classes')).toBe('class');
  });

  it('turns -ies and a final consonant y into i', () => {
    expect(stems('hobbies hobby parties party cries cry')).toEqual([
      'hobbi',
      'hobbi',
      'parti',
      'parti',
      'cri',
      'cri',
    ]);
    expect(stemEnglish('ties')).toBe('tie');
    expect(stems('keys toys plays')).toEqual(['key', 'toy', 'play']);
  });

  it('drops -ing and -ed, and a final e, so all forms meet', () => {
    expect(stems('engrave engraved engraving')).toEqual(['engrav', 'engrav', 'engrav']);
    expect(stems('print printed printing')).toEqual(['print', 'print', 'print']);
    expect(stems('cut cutting hop hopped')).toEqual(['cut', 'cut', 'hop', 'hop']);
    expect(stems('hope hoping size sized sizing')).toEqual([
      'hope',
      'hope',
      'size',
      'size',
      'size',
    ]);
  });

  it('keeps words whose ending is not an inflection', () => {
    expect(stems('news glass gas this')).toEqual(['news', 'glass', 'gas', 'this']);
    expect(stems('feed bleed sing thing spring')).toEqual([
      'feed',
      'bleed',
      'sing',
      'thing',
      'spring',
    ]);
    expect(stems('innings earrings proceeding')).toEqual(['inning', 'earring', 'proceed']);
    expect(stems('skies dying')).toEqual(['sky', 'die']);
  });

  it('leaves derivations alone: organizer is not organ, printer is not print', () => {
    expect(stems('organizer organizers printers')).toEqual(['organizer', 'organizer', 'printer']);
  });

  it('leaves short words, numbers and non-ASCII words unchanged', () => {
    expect(stems('is as us 3d pla uv')).toEqual(['is', 'as', 'us', '3d', 'pla', 'uv']);
    expect(stems('pets2 ящики')).toEqual(['pets2', 'ящики']);
  });
});
