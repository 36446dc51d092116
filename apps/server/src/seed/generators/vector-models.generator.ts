import {
  cardWallet,
  halftonePhoto,
  hexLampPanels,
  lanternPanels,
  layeredMandala,
  leafEarrings,
  snowflakeOrnament,
} from './laser-crafts.generator';
import {
  fingerJointBox,
  hexPinwheelCoaster,
  jigsawPuzzle,
  mandalaCoaster,
  mountainPlaque,
} from './laser-designs.generator';
import {
  bookmark,
  clockFace,
  keychainSet,
  slottedTrivet,
  treeOfLife,
} from './laser-gifts.generator';
import { createRandom, type TRandom } from './prng.util';
import type { TVectorDesign } from './svg.generator';
import { phoneCaseArt, tumblerWrap } from './uv-designs.generator';
import {
  giftKeychains,
  nameplateArt,
  packagingSleeve,
  starTile,
  topoRelief,
} from './uv-products.generator';

/** One design file of a laser or UV work: `part` becomes part of the file name. */
export type TVectorPart = { part: string; design: TVectorDesign };

const one = (part: string, design: TVectorDesign): TVectorPart[] => [{ part, design }];

/** Named designs used by the demo works, with the sizes a maker would publish. */
export const VECTOR_MODELS = {
  'mandala-coaster': (rng: TRandom) => [
    { part: 'coaster-a-95mm', design: mandalaCoaster(95, rng) },
    { part: 'coaster-b-95mm', design: mandalaCoaster(95, rng) },
  ],
  'hex-coaster': () => one('hex-coaster-100mm', hexPinwheelCoaster(50)),
  'finger-box': () =>
    one('box-120x80x60-3mm', fingerJointBox({ width: 120, depth: 80, height: 60, thickness: 3 })),
  'ring-box': () =>
    one(
      'ring-box-60x60x40-3mm',
      fingerJointBox({ width: 60, depth: 60, height: 40, thickness: 3 }),
    ),
  jigsaw: (rng: TRandom) => one('puzzle-24-pieces', jigsawPuzzle(200, 140, 6, 4, rng)),
  'kids-puzzle': (rng: TRandom) => one('puzzle-12-pieces', jigsawPuzzle(160, 120, 4, 3, rng)),
  'mountain-plaque': (rng: TRandom) => one('plaque-220x120', mountainPlaque(220, 120, rng)),
  'tree-of-life': (rng: TRandom) => one('tree-of-life-150mm', treeOfLife(150, rng)),
  snowflake: () => [
    { part: 'snowflake-80mm', design: snowflakeOrnament(80) },
    { part: 'snowflake-60mm', design: snowflakeOrnament(60) },
  ],
  lantern: (rng: TRandom) => one('lantern-panels-3mm', lanternPanels(90, 140, rng)),
  'leaf-earrings': () => one('leaf-earrings-50mm', leafEarrings(50)),
  'card-wallet': () => one('card-wallet-2mm-leather', cardWallet(100, 170)),
  'halftone-photo': (rng: TRandom) => one('halftone-150x100', halftonePhoto(150, 100, rng)),
  'hex-lamp': () => one('lamp-panels-100x160', hexLampPanels(100, 160)),
  keychains: () => one('keychains-3mm-acrylic', keychainSet()),
  trivet: () => one('trivet-180mm', slottedTrivet(180)),
  'layered-mandala': () => {
    const [base, petals, star] = layeredMandala(150);
    return [
      { part: 'layer-1-base', design: base as TVectorDesign },
      { part: 'layer-2-petals', design: petals as TVectorDesign },
      { part: 'layer-3-star', design: star as TVectorDesign },
    ];
  },
  clock: () => one('clock-face-200mm', clockFace(200)),
  bookmark: () => one('bookmark-40x150', bookmark(40, 150)),
  'case-waves': (rng: TRandom) => one('case-art-waves', phoneCaseArt('waves', 'ocean', rng)),
  'case-terrazzo': (rng: TRandom) =>
    one('case-art-terrazzo', phoneCaseArt('terrazzo', 'retro', rng)),
  'case-sunset': (rng: TRandom) => one('case-art-sunset', phoneCaseArt('sunset', 'sunset', rng)),
  'tumbler-night': (rng: TRandom) => one('tumbler-wrap-20oz', tumblerWrap('ink', rng)),
  'tumbler-forest': (rng: TRandom) => one('tumbler-wrap-20oz', tumblerWrap('forest', rng)),
  nameplate: (rng: TRandom) => one('nameplate-200x60', nameplateArt('retro', rng)),
  'door-sign': (rng: TRandom) => one('door-sign-200x60', nameplateArt('ink', rng)),
  'gift-keychains': () => one('keychains-50mm', giftKeychains('candy')),
  'pet-keychains': () => one('keychains-50mm', giftKeychains('forest')),
  'topo-relief': (rng: TRandom) => one('topo-relief-200mm', topoRelief(200, 'forest', rng)),
  'packaging-sleeve': (rng: TRandom) => one('sleeve-dieline', packagingSleeve('sunset', rng)),
  'star-tile': () => one('tile-108mm', starTile('ocean')),
} satisfies Record<string, (rng: TRandom) => TVectorPart[]>;

export type TVectorModel = keyof typeof VECTOR_MODELS;

export function buildVectorModel(model: TVectorModel, seed: string): TVectorPart[] {
  return VECTOR_MODELS[model](createRandom(seed));
}
