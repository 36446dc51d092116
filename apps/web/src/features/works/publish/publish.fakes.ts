import type {
  TCategory,
  TMachineGroup,
  TMaterial,
  TUploadResult,
  TWorkDetail,
} from '@layerline/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { logInAs, serveUserInfo } from '../../../test/auth-fakes';
import { envelopeReply, fakeNetwork, type TNetworkRequest } from '../../../test/fake-network';
import { PUBLISH_PATHS } from '../publish-api';

/** The catalog the publish form picks from, as the server answers it. */
export const MACHINE_GROUPS: TMachineGroup[] = [
  {
    id: 1,
    name: 'Laser engravers',
    machines: [
      { ID: 11, name: 'xTool F1' },
      { ID: 12, name: 'xTool S1' },
    ],
  },
  { id: 2, name: '3D printers', machines: [{ ID: 21, name: 'Bambu Lab X1' }] },
];

export const MATERIALS: TMaterial[] = [
  { id: 1, name: 'Plywood' },
  { id: 2, name: 'Acrylic' },
];

export const CATEGORIES: TCategory[] = [
  {
    id: 1,
    name: 'Home',
    Children: [
      { id: 11, name: 'Lamps' },
      { id: 12, name: 'Storage' },
    ],
  },
  { id: 2, name: 'Toys', Children: [] },
];

/** A list envelope as the server sends it (SPEC 7: lists carry total). */
const listReply = (items: readonly unknown[]) =>
  envelopeReply(items, 200, 'success', { total: items.length });

export function serveCatalog(network = fakeNetwork()) {
  network.on('GET', PUBLISH_PATHS.machineGroups, () => listReply(MACHINE_GROUPS));
  network.on('GET', PUBLISH_PATHS.materials, () => listReply(MATERIALS));
  network.on('GET', PUBLISH_PATHS.categories, () => listReply(CATEGORIES));
}

/** Answers every upload at once with a stored file named after the one sent. */
export function serveUploads(network = fakeNetwork()) {
  network.on('POST', PUBLISH_PATHS.upload, (request) => envelopeReply(uploadResult(request)));
}

export function uploadResult(request: TNetworkRequest): TUploadResult {
  const file = (request.body as FormData).get('file') as File;
  const kind = request.query.get('kind') ?? 'design';
  return {
    url: `/files/${kind}/${file.name}`,
    filename: file.name,
    size: file.size,
    mime: file.type || 'application/octet-stream',
    ...(kind === 'cover' ? { thumbnail: `/files/${kind}/thumb-${file.name}` } : {}),
  };
}

export function createWorkDetail(overrides: Partial<TWorkDetail> = {}): TWorkDetail {
  return {
    id: 5,
    title: 'Walnut lamp',
    summary: 'A lamp cut from plywood.',
    cover: ['/files/cover/lamp-1.webp', '/files/cover/lamp-2.webp'],
    images: [],
    price: 0,
    originalPrice: 0,
    credits: 0,
    nickname: 'Maker Seven',
    avatar: '/files/avatar-7.png',
    created_by: 7,
    CreatedAt: '2025-01-02T03:04:05.000Z',
    UpdatedAt: '2025-01-02T03:04:05.000Z',
    like: 0,
    favor: 0,
    is_like: false,
    is_favor: false,
    is_follow: false,
    follow_state: 'none',
    comment_count: 0,
    download_count: 0,
    tags: ['lamp', 'gift'],
    project_file: [
      { url: '/files/design/lamp.svg', filename: 'lamp.svg', size: 2048, mime: 'image/svg+xml' },
    ],
    attachment: '<p>Cut, glue, light.</p>',
    instruction: null,
    rejection_reason: '',
    creatorTag: '',
    software: 'LightBurn',
    apply_dev: [1, 2],
    machine_ids: [11],
    machines: [{ ID: 11, name: 'xTool F1' }],
    use_material: ['Plywood'],
    level: 1,
    categories: [{ id: 11, name: 'Lamps' }],
    source: 'original',
    source_url: '',
    is_ai_assisted: false,
    status: 'in_review',
    userWorks: [],
    follow_count: 0,
    work_count: 0,
    fans_count: 0,
    ...overrides,
  };
}

/** A logged-in maker (user 7) with the catalog served. */
export function setUpPublisher() {
  logInAs(serveUserInfo());
  serveCatalog();
}

export function file(name: string, type: string, size = 1024): File {
  return new File([new Uint8Array(size)], name, { type });
}

export function chooseFiles(testId: string, files: File[]) {
  act(() => {
    fireEvent.change(screen.getByTestId(testId), { target: { files } });
  });
}

type TUser = ReturnType<typeof userEvent.setup>;

/** Opens an antd select by its label and clicks the options by their text. */
export async function pickOptions(user: TUser, label: string, names: string[]) {
  await user.click(screen.getByLabelText(label));
  for (const name of names) {
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(
        `.ant-select-dropdown [title="${name}"]:not(.ant-select-item-group)`,
      );
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    await user.click(option);
  }
  await user.keyboard('{Escape}');
}

/** Types an entry into a chips box and presses Enter. */
export async function addChip(user: TUser, label: string, text: string) {
  const input = screen.getByLabelText(label, { selector: 'input' });
  fireEvent.change(input, { target: { value: text } });
  await user.type(input, '{Enter}');
}

export function sectionOf(name: string) {
  return within(screen.getByRole('region', { name }));
}

/**
 * jsdom has no layout: ProseMirror (the guide editor) asks for rectangles and
 * hit-testing while it keeps the selection in view. Empty answers suffice.
 */
export function stubEditorLayout() {
  const empty = () => ({
    length: 0,
    item: () => null,
    [Symbol.iterator]: [][Symbol.iterator],
  });
  const rect = () => new DOMRect(0, 0, 0, 0);
  const stubs: [object, string, unknown][] = [
    [Range.prototype, 'getClientRects', empty],
    [Range.prototype, 'getBoundingClientRect', rect],
    [document, 'elementFromPoint', () => null],
  ];
  const saved = stubs.map(([target, name]) => [target, name, Reflect.get(target, name)] as const);
  for (const [target, name, value] of stubs) {
    Object.defineProperty(target, name, { configurable: true, writable: true, value });
  }
  return () => {
    for (const [target, name, value] of saved) {
      Object.defineProperty(target, name, { configurable: true, writable: true, value });
    }
  };
}
