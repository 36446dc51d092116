/** Matches the machines_kind_ck check: the craft a machine mainly serves. */
export type TMachineKind = 'fdm' | 'resin' | 'laser' | 'uv' | 'cutter';

export type TMachineData = { slug: string; name: string; kind: TMachineKind };
export type TMachineGroupData = { slug: string; en: string; zh: string; machines: TMachineData[] };

const m = (slug: string, name: string, kind: TMachineKind): TMachineData => ({ slug, name, kind });

/**
 * Machine groups by maker with current models (SPEC 3: groups hold machines
 * with ID and name). Multi-tool machines are filed under their main craft.
 */
export const MACHINE_GROUPS: TMachineGroupData[] = [
  {
    slug: 'bambu-lab',
    en: 'Bambu Lab',
    zh: '拓竹 Bambu Lab',
    machines: [
      m('bambu-h2d', 'Bambu Lab H2D', 'fdm'),
      m('bambu-x1c', 'Bambu Lab X1 Carbon', 'fdm'),
      m('bambu-x1e', 'Bambu Lab X1E', 'fdm'),
      m('bambu-p1s', 'Bambu Lab P1S', 'fdm'),
      m('bambu-p1p', 'Bambu Lab P1P', 'fdm'),
      m('bambu-a1', 'Bambu Lab A1', 'fdm'),
      m('bambu-a1-mini', 'Bambu Lab A1 mini', 'fdm'),
    ],
  },
  {
    slug: 'prusa-research',
    en: 'Prusa Research',
    zh: 'Prusa Research',
    machines: [
      m('prusa-core-one', 'Prusa CORE One', 'fdm'),
      m('prusa-mk4s', 'Original Prusa MK4S', 'fdm'),
      m('prusa-mini-plus', 'Original Prusa MINI+', 'fdm'),
      m('prusa-xl', 'Original Prusa XL', 'fdm'),
      m('prusa-sl1s-speed', 'Original Prusa SL1S SPEED', 'resin'),
    ],
  },
  {
    slug: 'creality',
    en: 'Creality',
    zh: '创想三维 Creality',
    machines: [
      m('creality-k2-plus', 'Creality K2 Plus', 'fdm'),
      m('creality-k1-max', 'Creality K1 Max', 'fdm'),
      m('creality-k1c', 'Creality K1C', 'fdm'),
      m('creality-ender-3-v3', 'Creality Ender-3 V3', 'fdm'),
      m('creality-ender-3-v3-se', 'Creality Ender-3 V3 SE', 'fdm'),
      m('creality-falcon2', 'Creality Falcon2', 'laser'),
    ],
  },
  {
    slug: 'elegoo',
    en: 'Elegoo',
    zh: 'Elegoo',
    machines: [
      m('elegoo-centauri-carbon', 'Elegoo Centauri Carbon', 'fdm'),
      m('elegoo-neptune-4-pro', 'Elegoo Neptune 4 Pro', 'fdm'),
      m('elegoo-saturn-4-ultra', 'Elegoo Saturn 4 Ultra', 'resin'),
      m('elegoo-mars-5-ultra', 'Elegoo Mars 5 Ultra', 'resin'),
    ],
  },
  {
    slug: 'anycubic',
    en: 'Anycubic',
    zh: '纵维立方 Anycubic',
    machines: [
      m('anycubic-kobra-3', 'Anycubic Kobra 3', 'fdm'),
      m('anycubic-photon-mono-m7-pro', 'Anycubic Photon Mono M7 Pro', 'resin'),
    ],
  },
  {
    slug: 'snapmaker',
    en: 'Snapmaker',
    zh: '快造科技 Snapmaker',
    machines: [
      m('snapmaker-u1', 'Snapmaker U1', 'fdm'),
      m('snapmaker-j1', 'Snapmaker J1', 'fdm'),
      m('snapmaker-artisan', 'Snapmaker Artisan', 'fdm'),
    ],
  },
  {
    slug: 'formlabs',
    en: 'Formlabs',
    zh: 'Formlabs',
    machines: [m('formlabs-form-4', 'Formlabs Form 4', 'resin')],
  },
  {
    slug: 'xtool',
    en: 'xTool',
    zh: 'xTool',
    machines: [
      m('xtool-f1', 'xTool F1', 'laser'),
      m('xtool-f1-ultra', 'xTool F1 Ultra', 'laser'),
      m('xtool-f2-ultra', 'xTool F2 Ultra', 'laser'),
      m('xtool-p2s', 'xTool P2S', 'laser'),
      m('xtool-s1', 'xTool S1', 'laser'),
      m('xtool-m1-ultra', 'xTool M1 Ultra', 'laser'),
      m('xtool-d1-pro', 'xTool D1 Pro', 'laser'),
    ],
  },
  {
    slug: 'glowforge',
    en: 'Glowforge',
    zh: 'Glowforge',
    machines: [
      m('glowforge-pro', 'Glowforge Pro', 'laser'),
      m('glowforge-plus', 'Glowforge Plus', 'laser'),
      m('glowforge-spark', 'Glowforge Spark', 'laser'),
      m('glowforge-aura', 'Glowforge Aura', 'laser'),
    ],
  },
  {
    slug: 'laserpecker',
    en: 'LaserPecker',
    zh: 'LaserPecker',
    machines: [m('laserpecker-lp4', 'LaserPecker LP4', 'laser')],
  },
  {
    slug: 'eufymake',
    en: 'eufyMake',
    zh: 'eufyMake',
    machines: [m('eufymake-e1', 'eufyMake E1 UV Printer', 'uv')],
  },
  {
    slug: 'roland-dg',
    en: 'Roland DG',
    zh: '罗兰 Roland DG',
    machines: [m('roland-versauv-lef2-200', 'Roland VersaUV LEF2-200', 'uv')],
  },
  {
    slug: 'mimaki',
    en: 'Mimaki',
    zh: '御牧 Mimaki',
    machines: [m('mimaki-ujf-3042-mkii', 'Mimaki UJF-3042MkII', 'uv')],
  },
  {
    slug: 'cricut',
    en: 'Cricut',
    zh: 'Cricut',
    machines: [
      m('cricut-maker-3', 'Cricut Maker 3', 'cutter'),
      m('cricut-explore-3', 'Cricut Explore 3', 'cutter'),
    ],
  },
  {
    slug: 'silhouette',
    en: 'Silhouette',
    zh: 'Silhouette',
    machines: [m('silhouette-cameo-5', 'Silhouette Cameo 5', 'cutter')],
  },
  {
    slug: 'other-machines',
    en: 'Other',
    zh: '其他',
    machines: [
      m('other-fdm', 'Other FDM printer', 'fdm'),
      m('other-resin', 'Other resin printer', 'resin'),
      m('other-laser', 'Other laser engraver', 'laser'),
      m('other-uv', 'Other UV printer', 'uv'),
      m('other-cutter', 'Other cutting machine', 'cutter'),
    ],
  },
];
