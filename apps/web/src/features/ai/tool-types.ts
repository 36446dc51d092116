import type { TAiJobKind } from '@layerline/contract';

/**
 * The AI page's tabs and what a tool is (its input, options and result),
 * apart from the tools themselves (tools.ts) so the page's parts can name
 * them without the tools' definitions.
 */
/** SPEC 2 /aiCreate tabs. */
export const MACHINES = ['laser', 'printer3d', 'uvPrinter'] as const;
export type TMachine = (typeof MACHINES)[number];

/** The `machine` the prompt engines take for each tab (contract PROMPT_MACHINES). */
export const PROMPT_MACHINE: Record<TMachine, 'laser' | '3d_printer' | 'uv_printer'> = {
  laser: 'laser',
  printer3d: '3d_printer',
  uvPrinter: 'uv_printer',
};

export type TOptionField =
  | {
      name: string;
      type: 'number';
      min: number;
      max: number;
      step?: number;
      unit?: 'mm' | 'px' | 'dpi' | 'deg' | 'samples';
      /** Absent from the request until the user sets it (the engine chooses). */
      optional?: boolean;
    }
  | { name: string; type: 'slider'; min: number; max: number; step?: number }
  | { name: string; type: 'select'; choices: readonly string[]; optional?: boolean }
  | { name: string; type: 'switch' };

/** What the tool needs from the user besides its options (SPEC 5 AI upload rules). */
export type TToolInput = {
  image: 'required' | 'none';
  /** 'prompt' is a text-to-image prompt; 'text' the logo's words. */
  text: 'prompt' | 'promptOptional' | 'text' | 'none';
  /** SPEC 3 records keep style, ratio and count of the image generators. */
  styleRatioCount?: boolean;
};

export type TTool = {
  /** Unique in the page: a kind can appear twice with other presets (mono or colour vectors). */
  id: string;
  kind: TAiJobKind;
  input: TToolInput;
  /** Params the tab fixes (laser vs UV target, mono vs colour trace). */
  fixed?: Record<string, unknown>;
  /** Starting values of the fields where they differ from the contract's defaults. */
  presets?: Record<string, unknown>;
  fields: readonly TOptionField[];
  /** 'image' results compare with the source, 'svg' shows layers, 'mesh' the 3D view. */
  result: 'image' | 'svg' | 'mesh' | 'text';
  /** Long jobs (SPEC 4: 3D generation, 1-3 minutes) confirm before cancelling. */
  long?: boolean;
};

export const IMAGE_RATIOS = ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3'] as const;
export const IMAGE_STYLES = [
  'none',
  'lineArt',
  'woodcut',
  'stencil',
  'cartoon',
  'realistic',
  'lowPoly',
  'watercolor',
] as const;
