import { createRandom } from '../generators/prng.util';
import { fmt, type TVectorDesign } from '../generators/svg.generator';

/** How a sheet material looks under the lens: base tones, grain and the colour of a burn. */
type TSurfaceLook = {
  base: readonly [string, string];
  grain?: string;
  burn: string;
  burnOpacity: number;
  edge: string;
  sheen?: boolean;
};

export const SURFACES = {
  basswood: {
    base: ['#ecd3a5', '#dcb982'],
    grain: '#b88a4e',
    burn: '#3d2412',
    burnOpacity: 0.86,
    edge: '#5a3a1c',
  },
  birch: {
    base: ['#ead9b8', '#d9c196'],
    grain: '#b99a68',
    burn: '#452a15',
    burnOpacity: 0.85,
    edge: '#5e4024',
  },
  walnut: {
    base: ['#7a5133', '#5b3a23'],
    grain: '#3e2615',
    burn: '#e8d2b0',
    burnOpacity: 0.55,
    edge: '#2c1a0e',
  },
  bamboo: {
    base: ['#e3c88a', '#cfae67'],
    grain: '#a9823d',
    burn: '#4a2c12',
    burnOpacity: 0.82,
    edge: '#6a4a22',
  },
  mdf: { base: ['#c9a57a', '#b58f63'], burn: '#3a2414', burnOpacity: 0.85, edge: '#3b2718' },
  cork: {
    base: ['#c89a66', '#b0834f'],
    grain: '#8a6034',
    burn: '#2e1a0c',
    burnOpacity: 0.8,
    edge: '#5b3b1e',
  },
  leather: { base: ['#9b5a2e', '#7c4320'], burn: '#2a140a', burnOpacity: 0.7, edge: '#3a1d0c' },
  slate: { base: ['#4a4f57', '#32363c'], burn: '#dfe3e8', burnOpacity: 0.8, edge: '#202327' },
  'acrylic-clear': {
    base: ['#e9f4fb', '#c7dcea'],
    burn: '#ffffff',
    burnOpacity: 0.85,
    edge: '#8fb3c9',
    sheen: true,
  },
  'acrylic-black': {
    base: ['#2b2d31', '#141518'],
    burn: '#eef1f4',
    burnOpacity: 0.8,
    edge: '#000000',
    sheen: true,
  },
  'acrylic-white': {
    base: ['#fbfbfb', '#e9ecef'],
    burn: '#8a9199',
    burnOpacity: 0.6,
    edge: '#b9c0c7',
    sheen: true,
  },
  mirror: {
    base: ['#e7ebef', '#9aa5b1'],
    burn: '#3a3f45',
    burnOpacity: 0.75,
    edge: '#6c7680',
    sheen: true,
  },
  paper: { base: ['#fbf7ef', '#efe7d8'], burn: '#6b5d4b', burnOpacity: 0.7, edge: '#c8b9a1' },
  anodized: {
    base: ['#2f5fa8', '#1f4680'],
    burn: '#e9eef5',
    burnOpacity: 0.9,
    edge: '#16335e',
    sheen: true,
  },
  steel: {
    base: ['#d9dde2', '#9ea6b0'],
    burn: '#2c3036',
    burnOpacity: 0.8,
    edge: '#717a85',
    sheen: true,
  },
  'phone-black': {
    base: ['#2a2c30', '#17181b'],
    burn: '#ffffff',
    burnOpacity: 0.8,
    edge: '#0b0b0c',
    sheen: true,
  },
  'phone-clear': {
    base: ['#f2f6f9', '#dbe4ec'],
    burn: '#ffffff',
    burnOpacity: 0.8,
    edge: '#a7b7c6',
    sheen: true,
  },
  ceramic: {
    base: ['#fdfdfb', '#eceae4'],
    burn: '#555555',
    burnOpacity: 0.6,
    edge: '#c9c5bb',
    sheen: true,
  },
  kraft: { base: ['#c8a375', '#b38c5d'], burn: '#3a2a1a', burnOpacity: 0.75, edge: '#8a6a45' },
} satisfies Record<string, TSurfaceLook>;

export type TSurface = keyof typeof SURFACES;

export type TDesignView = {
  width: number;
  height: number;
  surface: TSurface;
  table: readonly [string, string];
  /** Degrees of tilt and a zoom factor: variants of one design for extra cover images. */
  rotate?: number;
  zoom?: number;
  seed: string;
};

/**
 * Preview of a vector design as it comes off the machine: pieces cut from the
 * material with a soft shadow, engraving as burn, holes showing the table.
 */
export function renderDesignSvg(design: TVectorDesign, view: TDesignView): string {
  const look: TSurfaceLook = SURFACES[view.surface];
  const margin = 70;
  const zoom = view.zoom ?? 1;
  const scale =
    Math.min((view.width - margin * 2) / design.width, (view.height - margin * 2) / design.height) *
    zoom;
  const px = 1 / scale;
  const [cx, cy] = [view.width / 2, view.height / 2];
  const transform = `translate(${fmt(cx)} ${fmt(cy)}) rotate(${view.rotate ?? 0}) scale(${scale.toFixed(4)}) translate(${fmt(-design.width / 2)} ${fmt(-design.height / 2)})`;
  const outlines = design.layers
    .filter((l) => l.op === 'cut' && l.role === 'outline')
    .map((l) => l.d);
  const pieces = outlines.join(' ');
  const rng = createRandom(view.seed);
  const grain: string[] = [];
  if (look.grain) {
    for (let i = 0; i < 70; i++) {
      const y = (design.height * i) / 70 + rng.range(-1, 1);
      const amp = rng.range(0.3, 2.2);
      const waves = rng.int(2, 5);
      let d = `M0 ${fmt(y)}`;
      for (let k = 1; k <= 24; k++) {
        const x = (design.width * k) / 24;
        d += ` L${fmt(x)} ${fmt(y + amp * Math.sin((k / 24) * Math.PI * waves + i))}`;
      }
      grain.push(
        `<path d="${d}" stroke="${look.grain}" stroke-opacity="${fmt(rng.range(0.08, 0.3))}" stroke-width="${fmt(rng.range(0.8, 2.4) * px)}" fill="none"/>`,
      );
    }
  }
  const body: string[] = [];
  for (const layer of design.layers) {
    if (layer.op === 'print') {
      body.push(
        `<path d="${layer.d}" fill="${layer.fill}"${layer.opacity ? ` fill-opacity="${layer.opacity}"` : ''}/>`,
      );
    } else if (layer.op === 'engrave') {
      const rule = layer.rule === 'nonzero' ? 'nonzero' : 'evenodd';
      body.push(
        `<path d="${layer.d}" fill="${look.burn}" fill-opacity="${look.burnOpacity}" fill-rule="${rule}"/>`,
      );
    } else if (layer.op === 'score') {
      body.push(
        `<path d="${layer.d}" fill="none" stroke="${look.burn}" stroke-opacity="${look.burnOpacity}" stroke-width="${fmt(Math.max(0.3, 1.6 * px))}" stroke-linecap="round"/>`,
      );
    } else if (layer.role === 'hole') {
      body.push(
        `<path d="${layer.d}" fill="${view.table[1]}" stroke="${look.edge}" stroke-width="${fmt(1.4 * px)}"/>`,
      );
    } else if (layer.role === 'line') {
      body.push(
        `<path d="${layer.d}" fill="none" stroke="${look.edge}" stroke-opacity="0.85" stroke-width="${fmt(1.3 * px)}"/>`,
      );
    }
  }
  const sheen = look.sheen ? `<path d="${pieces}" fill="url(#sheen)" fill-rule="evenodd"/>` : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${view.width}" height="${view.height}" viewBox="0 0 ${view.width} ${view.height}">`,
    '<defs>',
    `<linearGradient id="table" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${view.table[0]}"/><stop offset="1" stop-color="${view.table[1]}"/></linearGradient>`,
    `<linearGradient id="mat" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${fmt(design.width)}" y2="${fmt(design.height)}"><stop offset="0" stop-color="${look.base[0]}"/><stop offset="1" stop-color="${look.base[1]}"/></linearGradient>`,
    `<linearGradient id="sheen" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${fmt(design.width * 0.6)}" y2="${fmt(design.height)}"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="0.55" stop-color="#ffffff" stop-opacity="0"/></linearGradient>`,
    `<clipPath id="piece"><path d="${pieces}"/></clipPath>`,
    '</defs>',
    `<rect width="${view.width}" height="${view.height}" fill="url(#table)"/>`,
    `<g transform="${transform}">`,
    `<path d="${pieces}" fill="#000000" fill-opacity="0.12" transform="translate(${fmt(9 * px)} ${fmt(12 * px)})"/>`,
    `<path d="${pieces}" fill="#000000" fill-opacity="0.16" transform="translate(${fmt(4 * px)} ${fmt(5 * px)})"/>`,
    `<path d="${pieces}" fill="url(#mat)"/>`,
    grain.length ? `<g clip-path="url(#piece)">${grain.join('')}</g>` : '',
    // Artwork bleeds past the dieline; the clip shows only what ends up on the piece.
    `<g clip-path="url(#piece)">${body.join('')}</g>`,
    sheen,
    `<path d="${pieces}" fill="none" stroke="${look.edge}" stroke-width="${fmt(1.6 * px)}"/>`,
    '</g>',
    '</svg>',
  ].join('');
}
