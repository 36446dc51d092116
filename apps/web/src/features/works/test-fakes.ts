import { apiPath, type TAuthorCard, type TWorkCard, type TWorkDetail } from '@layerline/contract';
import { vi } from 'vitest';
import { envelopeReply, type FakeNetwork, fakeNetwork } from '../../test/fake-network';

/** A work card as GET /works and the author lists send it (contract ZWorkCard). */
export function createWorkCard(overrides: Partial<TWorkCard> = {}): TWorkCard {
  return {
    id: 11,
    title: 'Gear clock',
    cover: ['/files/gear-clock.png'],
    nickname: 'Maker Nine',
    avatar: '/files/avatar-9.png',
    created_by: 9,
    like: 1234,
    favor: 5,
    is_like: false,
    download_count: 56,
    comment_count: 2,
    CreatedAt: '2025-03-01T08:00:00.000Z',
    status: 'published',
    rejection_reason: '',
    ...overrides,
  };
}

/** A work detail as GET /works/{id} sends it (contract ZWorkDetail). */
export function createWorkDetail(overrides: Partial<TWorkDetail> = {}): TWorkDetail {
  return {
    id: 5,
    title: 'Lithophane lamp',
    summary: 'A moon lamp printed in white PLA.',
    cover: ['/files/lamp-cover.png'],
    images: ['/files/lamp-side.png', '/files/lamp-top.png'],
    price: 0,
    originalPrice: 0,
    credits: 0,
    nickname: 'Maker Nine',
    avatar: '/files/avatar-9.png',
    created_by: 9,
    CreatedAt: '2025-03-04T05:06:07.000Z',
    UpdatedAt: '2025-03-04T05:06:07.000Z',
    like: 12,
    favor: 3,
    is_like: false,
    is_favor: false,
    is_follow: false,
    follow_state: 'none',
    comment_count: 4,
    download_count: 30,
    tags: ['moon', 'lamp'],
    project_file: [
      { url: '/files/lamp.stl', filename: 'lamp.stl', size: 1_572_864, mime: 'model/stl' },
      { url: '/files/lamp.lbrn2', filename: 'lamp.lbrn2', size: 2048 },
    ],
    attachment: '<h2>Print settings</h2><p>Use <strong>0.12 mm</strong> layers.</p>',
    instruction: {
      url: '/files/lamp-guide.pdf',
      filename: 'lamp-guide.pdf',
      size: 4096,
      mime: 'application/pdf',
    },
    rejection_reason: '',
    creatorTag: 'Laser pro',
    software: 'Fusion 360',
    apply_dev: [1, 3],
    machine_ids: [2],
    machines: [{ ID: 2, name: 'Bambu X1' }],
    use_material: ['PLA', 'Plywood'],
    level: 1,
    categories: [{ id: 4, name: 'Home decor' }],
    source: 'remix',
    source_url: 'https://example.com/original',
    is_ai_assisted: true,
    status: 'published',
    follow_count: 7,
    work_count: 8,
    fans_count: 9,
    userWorks: [
      createWorkCard({ id: 21, title: 'Desk tidy' }),
      createWorkCard({ id: 22, title: 'Key hook' }),
      createWorkCard({ id: 23, title: 'Plant pot' }),
    ],
    ...overrides,
  };
}

export function createAuthorCard(overrides: Partial<TAuthorCard> = {}): TAuthorCard {
  return {
    id: 9,
    nickname: 'Maker Nine',
    avatar: '/files/avatar-9.png',
    creatorTag: 'Laser pro',
    bio: '',
    follow_count: 70,
    work_count: 80,
    fans_count: 90,
    is_follow: false,
    follow_state: 'none',
    userWorks: [createWorkCard({ id: 31, title: 'Lamp shade' })],
    ...overrides,
  };
}

/** Answers GET works.detail for `work`, and 404 for any other id. */
export function serveWork(
  work: TWorkDetail = createWorkDetail(),
  network: FakeNetwork = fakeNetwork(),
) {
  const anyDetail = new RegExp(`^${apiPath('works.detail', { id: 0 }).slice(0, -1)}\\d+$`);
  network.on('GET', anyDetail, (request) =>
    request.path === apiPath('works.detail', { id: work.id })
      ? envelopeReply(work)
      : envelopeReply(null, 404, 'The requested resource does not exist.'),
  );
  return work;
}

/**
 * jsdom has no object URLs and cannot follow a download link: both are
 * stubbed, and the names files were saved under are collected.
 */
export function stubFileSaving(): { saved: string[]; restore: () => void } {
  const saved: string[] = [];
  const urls = URL as unknown as Record<'createObjectURL' | 'revokeObjectURL', unknown>;
  const before = { create: urls.createObjectURL, revoke: urls.revokeObjectURL };
  urls.createObjectURL = vi.fn(() => 'blob:layerline-test');
  urls.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return {
    saved,
    restore: () => {
      urls.createObjectURL = before.create;
      urls.revokeObjectURL = before.revoke;
      click.mockRestore();
    },
  };
}
