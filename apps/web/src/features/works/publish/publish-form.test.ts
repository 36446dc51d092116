import { LIMITS } from '@layerline/contract';
import { describe, expect, it } from 'vitest';
import { createWorkDetail } from './publish.fakes';
import {
  EMPTY_VALUES,
  fieldProblems,
  fromDetail,
  parsePayload,
  type TPublishValues,
  toPayload,
} from './publish-form';
import { checkWorkFile, formatBytes, screenFiles } from './upload-rules';
import { savedItem, type TUploadItem } from './use-upload-list';

const VALID: TPublishValues = {
  ...EMPTY_VALUES,
  title: ' Lamp ',
  software: 'LightBurn',
  machine_ids: [11],
  apply_dev: [3, 1],
  use_material: ['Plywood'],
  level: 0,
  categories: [11],
};

const running: TUploadItem = { ...savedItem('', 'part.stl'), status: 'uploading', url: '' };
const failed: TUploadItem = { ...savedItem('', 'bad.stl'), status: 'error', url: '' };
const uploads = {
  files: [savedItem('/files/design/a.stl', 'a.stl'), running, failed],
  covers: [savedItem('/files/cover/1.webp', '1.webp')],
  instruction: [savedItem('/files/instruction/x.pdf', 'x.pdf')],
};

describe('toPayload (SPEC 3 publish form)', () => {
  it('sends finished uploads only, scenarios in order, and the guide in guide mode', () => {
    const payload = toPayload({ ...VALID, attachment: '<p>Hi</p>' }, uploads);
    expect(payload.project_file).toEqual([{ url: '/files/design/a.stl', filename: 'a.stl' }]);
    expect(payload.cover).toEqual(['/files/cover/1.webp']);
    expect(payload.apply_dev).toEqual([1, 3]);
    expect(payload.attachment).toBe('<p>Hi</p>');
    expect(payload.instruction).toBeNull();
  });

  it('sends the PDF and no guide in PDF mode, and no link for an original', () => {
    const payload = toPayload(
      { ...VALID, instructionMode: 'pdf', attachment: '<p>Hi</p>', source_url: 'https://x.y' },
      uploads,
    );
    expect(payload.instruction).toEqual({ url: '/files/instruction/x.pdf', filename: 'x.pdf' });
    expect(payload.attachment).toBe('');
    expect(payload.source_url).toBe('');
  });

  it('is normalised by the contract before sending', () => {
    expect(parsePayload(toPayload(VALID, uploads))?.title).toBe('Lamp');
    expect(parsePayload(toPayload({ ...VALID, title: ' ' }, uploads))).toBeNull();
  });
});

describe('fieldProblems (SPEC 5 rules of the contract)', () => {
  it('names the first problem of each field as a message key', () => {
    const problems = fieldProblems(toPayload(EMPTY_VALUES, { ...uploads, files: [] }));
    expect(Object.fromEntries(problems)).toEqual({
      title: 'workTitleRequired',
      project_file: 'projectFileRequired',
      software: 'softwareRequired',
      machine_ids: 'machineRequired',
      apply_dev: 'applicationRequired',
      use_material: 'materialsRequired',
      level: 'difficultyRequired',
      categories: 'categoryRequired',
    });
  });

  it('asks a remix for an http(s) link even while other fields are missing', () => {
    const remix = { ...EMPTY_VALUES, source: 'remix' as const };
    expect(fieldProblems(toPayload(remix, uploads)).get('source_url')).toBe('sourceUrlRequired');
    const ftp = { ...remix, source_url: 'ftp://x.y' };
    expect(fieldProblems(toPayload(ftp, uploads)).get('source_url')).toBe('sourceUrlInvalid');
    const ok = { ...VALID, source: 'remix' as const, source_url: 'https://x.y/1' };
    expect(fieldProblems(toPayload(ok, uploads)).size).toBe(0);
  });

  it('refuses duplicate materials and tags, case-insensitively, and too many', () => {
    const duplicates = { ...VALID, use_material: ['PLA', 'pla'], tags: ['A', ' a'] };
    const problems = fieldProblems(toPayload(duplicates, uploads));
    expect(problems.get('use_material')).toBe('materialsDuplicate');
    expect(problems.get('tags')).toBe('tagsDuplicate');
    const many = Array.from({ length: LIMITS.tagsPerWork + 1 }, (_, index) => `t${index}`);
    expect(fieldProblems(toPayload({ ...VALID, tags: many }, uploads)).get('tags')).toBe(
      'tagsTooMany',
    );
  });
});

describe('fromDetail (edit mode prefill)', () => {
  it('fills every field and lists the saved files', () => {
    const initial = fromDetail(createWorkDetail());
    expect(initial.values).toMatchObject({
      title: 'Walnut lamp',
      categories: [11],
      machine_ids: [11],
      level: 1,
      instructionMode: 'guide',
      attachment: '<p>Cut, glue, light.</p>',
    });
    expect(initial.files.map((item) => [item.filename, item.size, item.status])).toEqual([
      ['lamp.svg', 2048, 'done'],
    ]);
    expect(initial.covers.map((item) => item.url)).toEqual([
      '/files/cover/lamp-1.webp',
      '/files/cover/lamp-2.webp',
    ]);
    expect(initial.instruction).toEqual([]);
  });
});

describe('file checks before upload (SPEC 5, SPEC 9)', () => {
  const image = (size: number, type = 'image/png') => ({ name: 'a.png', type, size });

  it('takes cover images up to 10MB only', () => {
    expect(checkWorkFile('cover', image(LIMITS.coverMaxBytes))).toBeNull();
    expect(checkWorkFile('cover', image(LIMITS.coverMaxBytes + 1))).toBe('coverTooLarge');
    expect(checkWorkFile('cover', image(10, 'image/svg+xml'))).toBe('uploadImageType');
  });

  it('takes PDF instructions and design formats by extension', () => {
    expect(checkWorkFile('instruction', { name: 'a.pdf', type: '', size: 1 })).toBeNull();
    expect(checkWorkFile('instruction', { name: 'a.doc', type: 'x', size: 1 })).toBe(
      'uploadPdfOnly',
    );
    expect(checkWorkFile('design', { name: 'Part.STL', type: '', size: 1 })).toBeNull();
    expect(checkWorkFile('design', { name: 'run.sh', type: '', size: 1 })).toBe('uploadDesignType');
  });

  it('keeps lists within their limit', () => {
    const files = [new File(['x'], 'a.png', { type: 'image/png' })];
    const twice = [...files, new File(['y'], 'b.png', { type: 'image/png' })];
    expect(screenFiles('cover', LIMITS.coversPerWork - 1, twice)).toEqual({
      accepted: [files[0]],
      problem: 'coversTooMany',
    });
    expect(screenFiles('cover', 0, twice).accepted).toHaveLength(2);
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
  });
});
