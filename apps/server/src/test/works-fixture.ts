import { randomBytes } from 'node:crypto';
import type { TCreateWorkInput } from '@layerline/contract';
import { createCategory, createMachine, createMaterial } from './factories';
import type { TTestApp } from './test-app';
import { storeUpload } from './uploads';

/**
 * What a valid publish form needs (a machine, a category, a material and
 * uploads of the author's own) and the form itself, for `userId`.
 */
export async function workFixture(t: Pick<TTestApp, 'db' | 'storage'>, userId: number) {
  const machine = await createMachine(t.db);
  const parent = await createCategory(t.db);
  const category = await createCategory(t.db, { parentId: parent.id });
  const material = await createMaterial(t.db);
  const cover = await storeUpload(t, userId, 'cover', randomBytes(64), 'cover.webp', 'image/webp');
  const design = await storeUpload(t, userId, 'design', randomBytes(300), 'part.stl', 'model/stl');
  const form = (overrides: Partial<TCreateWorkInput> = {}): TCreateWorkInput => ({
    title: 'Cable clip',
    summary: 'Keeps cables tidy along the desk edge.',
    cover: [cover.url],
    project_file: [{ url: design.url }],
    source: 'original',
    source_url: '',
    software: 'PrusaSlicer',
    machine_ids: [machine.id],
    apply_dev: [5],
    use_material: [material.nameEn],
    level: 0,
    categories: [category.id],
    tags: ['desk'],
    instruction: null,
    attachment: '<p>Print flat, no supports.</p>',
    is_ai_assisted: false,
    ...overrides,
  });
  return { machine, parent, category, material, cover, design, form };
}
