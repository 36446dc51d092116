import type { TMeshModel } from '../generators/mesh-models.generator';
import type { TVectorModel } from '../generators/vector-models.generator';
import type { TSurface } from '../render/design.render';

/** A 3D work prints a parametric mesh in a filament colour (used for the renders). */
export type TMeshDesign = { mesh: TMeshModel; colour: string };
/** A laser or UV work: a vector design shown on its material, optionally on a second one. */
export type TVectorDesignRef = { vector: TVectorModel; surface: TSurface; alt?: TSurface };

export type TDemoWork = {
  /** Stable key: seeds the generators and names the files, so output dedupes across runs. */
  key: string;
  author: string;
  title: string;
  summary: string;
  /** Child category slugs (1-2). */
  categories: string[];
  tags: string[];
  software: string[];
  machines: string[];
  /** Material slugs; stored as their English names in use_material. */
  materials: string[];
  level: 0 | 1 | 2;
  /** SPEC 3 application: 1 engraving, 2 cutting, 3 screen printing, 4 inkjet, 5 other. */
  apply: number[];
  /** One practical tip in the author's language, for the production guide. */
  tip: string;
  design: TMeshDesign | TVectorDesignRef;
  covers?: 1 | 2 | 3;
};

export const isMeshDesign = (d: TDemoWork['design']): d is TMeshDesign => 'mesh' in d;
