import type { TDemoWork } from './work.types';
import { WORKS_3D_HOME } from './works-3d-home.data';
import { WORKS_3D_PLAY } from './works-3d-play.data';
import { WORKS_LASER_GIFTS } from './works-laser-gifts.data';
import { WORKS_LASER_WOOD } from './works-laser-wood.data';
import { WORKS_UV } from './works-uv.data';

/** Every demo work; keys and titles are unique (checked by the seed tests). */
export const DEMO_WORKS: TDemoWork[] = [
  ...WORKS_3D_HOME,
  ...WORKS_3D_PLAY,
  ...WORKS_LASER_WOOD,
  ...WORKS_LASER_GIFTS,
  ...WORKS_UV,
];
