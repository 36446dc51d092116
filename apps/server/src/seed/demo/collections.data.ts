export type TDemoCollection = {
  slug: string;
  titleEn: string;
  titleZh: string;
  descriptionEn: string;
  descriptionZh: string;
  /** Demo work keys, in display order. */
  works: string[];
};

/** Curated collections for the home strip (SPEC 2); each holds 4 to 12 demo works. */
export const DEMO_COLLECTIONS: TDemoCollection[] = [
  {
    slug: 'laser-coasters',
    titleEn: 'Laser coasters',
    titleZh: '激光杯垫',
    descriptionEn: 'Engraved and cut coasters in wood, slate and acrylic, plus a trivet.',
    descriptionZh: '木头、石板和亚克力的雕刻切割杯垫，还有一款隔热垫。',
    works: [
      'mandala-coaster',
      'hex-coaster',
      'acrylic-coasters',
      'slate-coasters',
      'trivet',
      'star-tile',
      'hex-coasters',
    ],
  },
  {
    slug: 'print-in-place-toys',
    titleEn: 'Print-in-place toys',
    titleZh: '打印即可动玩具',
    descriptionEn: 'Toys and games that come off the plate ready to play, no assembly.',
    descriptionZh: '下板即可玩的玩具和桌游配件，无需组装。',
    works: [
      'articulated-dragon',
      'gear-set',
      'game-tokens',
      'faceted-egg',
      'terrain-tiles',
      'dice-tray',
    ],
  },
  {
    slug: 'desk-organisation',
    titleEn: 'Desk organisation',
    titleZh: '桌面收纳',
    descriptionEn: 'Boxes, clips, cups and stands that tidy a maker desk.',
    descriptionZh: '收纳盒、理线夹、笔筒和支架，让工作台井井有条。',
    works: [
      'storage-box',
      'cable-clips',
      'pen-cup',
      'phone-stand',
      'finger-box',
      'wall-hooks',
      'pebble-paperweights',
    ],
  },
  {
    slug: 'uv-printed-gifts',
    titleEn: 'UV-printed gifts',
    titleZh: 'UV打印好礼',
    descriptionEn: 'Personalised cases, tumblers, tiles and keychains.',
    descriptionZh: '个性化手机壳、保温杯、瓷砖和钥匙扣。',
    works: [
      'case-waves',
      'case-terrazzo',
      'case-sunset',
      'tumbler-night',
      'tumbler-forest',
      'gift-keychains',
      'star-tile',
      'nameplate',
    ],
  },
  {
    slug: 'beginner-friendly',
    titleEn: 'Beginner friendly',
    titleZh: '新手友好',
    descriptionEn: 'Forgiving projects for your first week with a new printer or laser.',
    descriptionZh: '新机器第一周就能轻松完成的项目。',
    works: [
      'mandala-coaster',
      'pen-cup',
      'phone-stand',
      'wave-vase',
      'low-poly-tree',
      'snowflake',
      'kids-puzzle',
      'filament-clip',
      'bookmark',
      'case-terrazzo',
      'mountain-plaque',
      'cable-clips',
    ],
  },
  {
    slug: 'festive-makes',
    titleEn: 'Festive makes',
    titleZh: '节日手作',
    descriptionEn: 'Ornaments, lanterns and gifts for the holidays and Mid-Autumn.',
    descriptionZh: '圣诞挂饰、中秋灯笼和节日小礼物。',
    works: ['snowflake', 'lantern', 'tree-of-life', 'layered-mandala', 'low-poly-tree', 'bookmark'],
  },
];
