import {
  ZCategoryListResponse,
  ZMachineGroupListResponse,
  ZMaterialListResponse,
} from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createMachine,
  createMachineGroup,
  createMaterial,
} from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Inserted out of order: the answer must follow `sort`, not insertion.
  const tools = await createCategory(t.db, { nameEn: 'Tools', nameZh: '工具', sort: 2 });
  const art = await createCategory(t.db, { nameEn: 'Art', nameZh: '艺术', sort: 1 });
  await createCategory(t.db, { nameEn: 'Empty', nameZh: '空', sort: 3 });
  await createCategory(t.db, { parentId: tools.id, nameEn: 'Clamps', nameZh: '夹具', sort: 2 });
  await createCategory(t.db, { parentId: tools.id, nameEn: 'Jigs', nameZh: '治具', sort: 1 });
  await createCategory(t.db, { parentId: art.id, nameEn: 'Lamps', nameZh: '灯具' });

  const fdm = await createMachineGroup(t.db, {
    nameEn: 'FDM printers',
    nameZh: 'FDM 打印机',
    sort: 1,
  });
  const laser = await createMachineGroup(t.db, { nameEn: 'Laser', nameZh: '激光', sort: 0 });
  await createMachine(t.db, { groupId: fdm.id, name: 'Bambu Lab X1C', sort: 1 });
  await createMachine(t.db, { groupId: fdm.id, name: 'Prusa MK4', sort: 0 });
  await createMachine(t.db, { groupId: laser.id, name: 'xTool S1', kind: 'laser' });

  await createMaterial(t.db, { nameEn: 'PLA', nameZh: 'PLA 线材', sort: 1 });
  await createMaterial(t.db, { nameEn: 'Plywood', nameZh: '胶合板', sort: 0 });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/categroy/all', () => {
  it('answers the tree in English by default, parents and children by sort', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/categroy/all' });
    expect(res.statusCode).toBe(200);
    const body = ZCategoryListResponse.parse(res.json());
    expect(body.code).toBe(200);
    expect(body.msg).toBe('success');
    expect(body.data.map((c) => c.name)).toEqual(['Art', 'Tools', 'Empty']);
    const tools = body.data.find((c) => c.name === 'Tools');
    expect(tools?.Children.map((c) => c.name)).toEqual(['Jigs', 'Clamps']);
    expect(Object.keys(tools?.Children[0] ?? {}).sort()).toEqual(['id', 'name']);
    expect(body.data.find((c) => c.name === 'Empty')?.Children).toEqual([]);
    expect(body.total).toBe(3);
  });

  it('answers Chinese names and msg for Content-Language zh', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/categroy/all',
      headers: { 'content-language': 'zh' },
    });
    const body = ZCategoryListResponse.parse(res.json());
    expect(body.msg).toBe('成功');
    expect(body.data.map((c) => c.name)).toEqual(['艺术', '工具', '空']);
    expect(body.data[1]?.Children.map((c) => c.name)).toEqual(['治具', '夹具']);
  });

  it('falls back to Accept-Language when Content-Language is missing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/categroy/all',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' },
    });
    expect(ZCategoryListResponse.parse(res.json()).data[0]?.name).toBe('艺术');
  });
});

describe('GET /api/v1/machine/machine_group', () => {
  it('answers groups by sort with machines (ID, name) by sort', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/machine/machine_group' });
    expect(res.statusCode).toBe(200);
    const body = ZMachineGroupListResponse.parse(res.json());
    expect(body.data.map((g) => g.name)).toEqual(['Laser', 'FDM printers']);
    expect(body.data[1]?.machines.map((m) => m.name)).toEqual(['Prusa MK4', 'Bambu Lab X1C']);
    expect(Object.keys(body.data[1]?.machines[0] ?? {}).sort()).toEqual(['ID', 'name']);
  });

  it('localises group names', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/machine/machine_group',
      headers: { 'content-language': 'zh' },
    });
    const body = ZMachineGroupListResponse.parse(res.json());
    expect(body.data.map((g) => g.name)).toEqual(['激光', 'FDM 打印机']);
  });
});

describe('GET /api/v1/material/list', () => {
  it('answers materials by sort in the request language', async () => {
    const en = ZMaterialListResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/material/list' })).json(),
    );
    expect(en.data.map((m) => m.name)).toEqual(['Plywood', 'PLA']);
    const zh = ZMaterialListResponse.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/material/list',
          headers: { 'content-language': 'zh' },
        })
      ).json(),
    );
    expect(zh.data.map((m) => m.name)).toEqual(['胶合板', 'PLA 线材']);
  });
});
