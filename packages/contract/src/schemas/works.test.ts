import { describe, expect, it } from 'vitest';
import { isMessageKey, message } from '../messages';
import { ZAppealRequest, ZCreateWorkRequest, ZUpdateWorkRequest } from './works';

const form = {
  title: ' Clip ',
  project_file: [{ url: '/files/ab/x.stl' }],
  software: 'Cura',
  machine_ids: ['3'],
  apply_dev: [1],
  use_material: ['PLA', 7],
  level: 0,
  categories: [2],
};

const issueOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('work schemas (SPEC 3 publish form, SPEC 5 rules)', () => {
  it('fills the optional fields and trims', () => {
    expect(ZCreateWorkRequest.parse({ ...form, summary: null, attachment: null })).toEqual({
      ...form,
      title: 'Clip',
      machine_ids: [3],
      summary: '',
      cover: [],
      source: 'original',
      source_url: '',
      tags: [],
      instruction: null,
      attachment: '',
      is_ai_assisted: false,
    });
    expect(ZUpdateWorkRequest.parse({ ...form, id: '12' }).id).toBe(12);
  });

  it.each([
    [{ title: '' }, 'workTitleRequired'],
    [{ tags: ['Desk', ' desk'] }, 'tagsDuplicate'],
    [{ use_material: ['PLA', 'pla'] }, 'materialsDuplicate'],
    [{ apply_dev: [1, 1] }, 'applicationInvalid'],
    [{ source: 'remix' }, 'sourceUrlRequired'],
    [{ source: 'remix', source_url: 'ftp://x' }, 'sourceUrlInvalid'],
    [{ level: 5 }, 'difficultyRequired'],
    [{ categories: [] }, 'categoryRequired'],
  ])('refuses %j with a message key', (overrides, key) => {
    const issue = issueOf(ZCreateWorkRequest.safeParse({ ...form, ...overrides }));
    expect(issue).toBe(key);
    expect(isMessageKey(issue)).toBe(true);
    expect(message('zh', key as never)).not.toBe(message('en', key as never));
  });

  it('needs a non-empty appeal reason (SPEC 5)', () => {
    expect(issueOf(ZAppealRequest.safeParse({ work_id: 1, appeal_reason: '  ' }))).toBe(
      'appealReasonRequired',
    );
    expect(ZAppealRequest.parse({ work_id: '4', appeal_reason: ' why ' })).toEqual({
      work_id: 4,
      appeal_reason: 'why',
    });
  });
});
