import { bounds, mergeMeshes, placeOnBed, type TMesh, type TVec2, translate } from './mesh.builder';
import {
  cableClip,
  honeycombCell,
  lowPolyFigure,
  phoneStand,
  segmentedCreature,
  terrainTile,
  wallHook,
} from './mesh-objects.generator';
import { box, gear, hexCoaster, lid, revolve, vase } from './mesh-shapes.generator';
import { crystal, cup, lowPolyRock, platonic } from './mesh-solids.generator';
import { createRandom, type TRandom } from './prng.util';

/** One printable file of a 3D work: `part` becomes part of the file name. */
export type TMeshPart = { part: string; mesh: TMesh };

/** Lays shells out in a row on the bed with a gap so one plate prints them all. */
export function layoutRow(meshes: readonly TMesh[], gap = 6): TMesh {
  let x = 0;
  const placed = meshes.map((mesh) => {
    const { min, max } = bounds(mesh);
    const moved = translate(mesh, x - min[0], -(min[1] + max[1]) / 2, -min[2]);
    x += max[0] - min[0] + gap;
    return moved;
  });
  return mergeMeshes(placed);
}

const vaseCurve = (t: number) => 0.78 + 0.32 * Math.sin(Math.PI * (0.15 + t * 0.85)) - 0.1 * t;

/**
 * Named parametric models used by the demo works. Each returns the parts a
 * maker would publish together (box and lid, a gear set, a plate of tiles).
 */
export const MESH_MODELS = {
  'storage-box': () => {
    const p = { width: 96, depth: 64, height: 42, wall: 2 };
    return [
      { part: 'box', mesh: box(p) },
      { part: 'lid', mesh: lid(p) },
    ];
  },
  'articulated-dragon': (rng: TRandom) => [{ part: 'dragon', mesh: segmentedCreature(13, rng) }],
  'twisted-vase': () => [
    {
      part: 'vase',
      mesh: vase({
        height: 150,
        radius: 42,
        lobes: 9,
        lobeDepth: 0.07,
        twist: 4,
        profile: vaseCurve,
      }),
    },
  ],
  'wave-vase': () => [
    {
      part: 'vase',
      mesh: vase({
        height: 120,
        radius: 50,
        lobes: 5,
        lobeDepth: 0.12,
        twist: -2.5,
        profile: (t) => 1 - 0.35 * t,
      }),
    },
  ],
  planter: () => [
    {
      part: 'planter',
      mesh: vase({
        height: 78,
        radius: 46,
        lobes: 12,
        lobeDepth: 0.05,
        twist: 1.2,
        profile: (t) => 0.8 + 0.2 * t,
        wall: 2.4,
      }),
    },
  ],
  'tealight-holder': () => [
    {
      part: 'holder',
      mesh: vase({
        height: 46,
        radius: 36,
        lobes: 7,
        lobeDepth: 0.1,
        twist: 0.6,
        profile: (t) => 1 - 0.15 * t,
        wall: 3,
      }),
    },
  ],
  'gear-set': () => [
    { part: 'gear-12t', mesh: gear(12, 2, 8, 5.2) },
    { part: 'gear-24t', mesh: gear(24, 2, 8, 5.2) },
    { part: 'gear-36t', mesh: gear(36, 2, 8, 8.2) },
  ],
  'replacement-gear': () => [{ part: 'gear-48t-m1', mesh: gear(48, 1, 6, 6.2) }],
  'wall-hooks': () => [
    { part: 'hook-18mm', mesh: wallHook(18) },
    { part: 'hook-30mm', mesh: wallHook(30) },
  ],
  'cable-clips': () => [
    { part: 'clips', mesh: layoutRow([cableClip(4), cableClip(6), cableClip(8), cableClip(10)]) },
  ],
  'filament-clip': () => [{ part: 'clip', mesh: cableClip(1.75 * 4) }],
  'phone-stand': () => [{ part: 'stand', mesh: phoneStand(70) }],
  'honeycomb-shelf': () => [{ part: 'cell', mesh: honeycombCell(105, 5, 90) }],
  'terrain-tiles': (rng: TRandom) => [
    {
      part: 'tiles',
      mesh: layoutRow([terrainTile(30, rng), terrainTile(30, rng), terrainTile(30, rng)], 4),
    },
  ],
  'faceted-egg': (rng: TRandom) => {
    const section: TVec2[] = [
      [12, 0],
      [19, 8],
      [21, 20],
      [19, 32],
      [14, 40],
      [9, 46],
    ];
    return [{ part: 'egg', mesh: lowPolyFigure(section, 8, rng, [1, 1]) }];
  },
  'low-poly-tree': (rng: TRandom) => {
    const section: TVec2[] = [
      [5, 0],
      [5, 10],
      [30, 10],
      [11, 32],
      [23, 32],
      [8, 50],
      [16, 50],
    ];
    return [{ part: 'tree', mesh: lowPolyFigure(section, 8, rng, [1, 1]) }];
  },
  'low-poly-moon': (rng: TRandom) => [{ part: 'moon', mesh: lowPolyRock(38, rng, 0.95) }],
  'pebble-paperweights': (rng: TRandom) => [
    {
      part: 'pebbles',
      mesh: layoutRow([lowPolyRock(22, rng), lowPolyRock(18, rng), lowPolyRock(14, rng)]),
    },
  ],
  'platonic-solids': () => [{ part: 'solids', mesh: layoutRow(platonic(), 8) }],
  'faceted-ring': () => {
    const section: TVec2[] = [
      [9, 0.6],
      [9.6, 0],
      [10.6, 0],
      [11.2, 0.6],
      [11.2, 5.4],
      [10.6, 6],
      [9.6, 6],
      [9, 5.4],
    ];
    return [{ part: 'ring-size-18mm', mesh: revolve(section, 14, true) }];
  },
  bangle: () => {
    const section: TVec2[] = [
      [32, 0],
      [35, 0],
      [36, 6],
      [35, 12],
      [32, 12],
    ];
    return [{ part: 'bangle', mesh: revolve(section, 10, true) }];
  },
  'spool-hub': () => {
    const section: TVec2[] = [
      [11.05, 0],
      [32, 0],
      [32, 3],
      [27, 3],
      [26, 20],
      [11.05, 20],
    ];
    return [{ part: 'hub-608', mesh: revolve(section, 72, true) }];
  },
  'game-tokens': () => {
    const token = revolve(
      [
        [11, 0],
        [12, 0.8],
        [12, 3.2],
        [11, 4],
      ],
      40,
      false,
    );
    return [{ part: 'tokens', mesh: layoutRow([token, token, token, token, token], 3) }];
  },
  'crystal-cluster': (rng: TRandom) => {
    const gems = [
      translate(crystal(9, 70, 6, rng), 0, 0, 0),
      translate(crystal(7, 52, 6, rng), 22, 6, 0),
      translate(crystal(6, 40, 5, rng), -20, 8, 0),
      translate(crystal(5, 30, 6, rng), 6, -18, 0),
    ];
    return [{ part: 'crystals', mesh: mergeMeshes(gems) }];
  },
  'hex-coasters': () => [
    { part: 'coaster', mesh: hexCoaster(52, 5, 2) },
    { part: 'holder', mesh: cup(6, 58, 26, 2.4) },
  ],
  'pen-cup': () => [{ part: 'pen-cup', mesh: cup(6, 40, 100, 2.2) }],
  'dice-tray': () => [{ part: 'tray', mesh: cup(8, 90, 22, 3) }],
} satisfies Record<string, (rng: TRandom) => TMeshPart[]>;

export type TMeshModel = keyof typeof MESH_MODELS;

export function buildMeshModel(model: TMeshModel, seed: string): TMeshPart[] {
  return MESH_MODELS[model](createRandom(seed)).map(({ part, mesh }) => ({
    part,
    mesh: placeOnBed(mesh),
  }));
}
