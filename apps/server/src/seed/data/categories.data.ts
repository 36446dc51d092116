export type TCategoryData = { slug: string; en: string; zh: string };
export type TCategoryTreeData = TCategoryData & { children: TCategoryData[] };

/**
 * The two-level category tree (SPEC 3 Category). Child slugs carry the craft
 * prefix because slugs are unique across the whole table (leather goods exist
 * for laser and for UV printing, jewellery for 3D printing and laser).
 */
export const CATEGORY_TREE: TCategoryTreeData[] = [
  {
    slug: '3d-printing',
    en: '3D Printing',
    zh: '3D打印',
    children: [
      { slug: '3dp-functional-parts', en: 'Functional Parts', zh: '功能件' },
      { slug: '3dp-household', en: 'Household', zh: '家居用品' },
      { slug: '3dp-toys-games', en: 'Toys & Games', zh: '玩具与游戏' },
      { slug: '3dp-miniatures-tabletop', en: 'Miniatures & Tabletop', zh: '微缩模型与桌游' },
      { slug: '3dp-cosplay-props', en: 'Cosplay & Props', zh: 'Cosplay与道具' },
      { slug: '3dp-art-decor', en: 'Art & Decor', zh: '艺术与装饰' },
      { slug: '3dp-tools-organizers', en: 'Tools & Organizers', zh: '工具与收纳' },
      { slug: '3dp-printer-parts', en: 'Printer Parts & Upgrades', zh: '打印机配件与升级' },
      { slug: '3dp-education', en: 'Education', zh: '教育' },
      { slug: '3dp-fashion-jewelry', en: 'Fashion & Jewelry', zh: '时尚与饰品' },
    ],
  },
  {
    slug: 'laser',
    en: 'Laser Engraving & Cutting',
    zh: '激光雕刻与切割',
    children: [
      { slug: 'laser-wood-crafts', en: 'Wood Crafts', zh: '木艺' },
      { slug: 'laser-signs-plaques', en: 'Signs & Plaques', zh: '标牌与铭牌' },
      { slug: 'laser-boxes-enclosures', en: 'Boxes & Enclosures', zh: '盒子与外壳' },
      { slug: 'laser-coasters-trivets', en: 'Coasters & Trivets', zh: '杯垫与隔热垫' },
      { slug: 'laser-jewelry-accessories', en: 'Jewelry & Accessories', zh: '饰品与配件' },
      { slug: 'laser-leather', en: 'Leather', zh: '皮具' },
      { slug: 'laser-acrylic', en: 'Acrylic', zh: '亚克力' },
      { slug: 'laser-puzzles-toys', en: 'Puzzles & Toys', zh: '拼图与玩具' },
      { slug: 'laser-festive-gifts', en: 'Festive & Gifts', zh: '节日与礼品' },
      { slug: 'laser-photo-engraving', en: 'Photo Engraving', zh: '照片雕刻' },
    ],
  },
  {
    slug: 'uv-printing',
    en: 'UV Printing',
    zh: 'UV打印',
    children: [
      { slug: 'uv-phone-cases', en: 'Phone Cases', zh: '手机壳' },
      { slug: 'uv-signage-nameplates', en: 'Signage & Nameplates', zh: '标识与铭牌' },
      { slug: 'uv-gifts-personalised', en: 'Gifts & Personalised Items', zh: '礼品与个性定制' },
      { slug: 'uv-tumblers-bottles', en: 'Tumblers & Bottles', zh: '杯子与水瓶' },
      { slug: 'uv-textured-art', en: 'Textured Art', zh: '浮雕纹理艺术' },
      { slug: 'uv-packaging', en: 'Packaging', zh: '包装' },
    ],
  },
  {
    slug: 'other',
    en: 'Other',
    zh: '其他',
    children: [
      { slug: 'other-vinyl-paper-cutting', en: 'Vinyl & Paper Cutting', zh: '刻字与纸艺' },
      { slug: 'other-mixed-media', en: 'Mixed Media', zh: '综合工艺' },
      { slug: 'other-ai-creations', en: 'AI Creations', zh: 'AI创作' },
    ],
  },
];
