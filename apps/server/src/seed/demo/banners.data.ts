/** A link target: a fixed path, or the page of a demo collection resolved at seed time. */
export type TBannerLink = { path: string } | { collection: string };

export type TDemoBanner = {
  type: 1 | 2;
  titleEn: string;
  titleZh: string;
  subtitleEn: string;
  subtitleZh: string;
  buttonTextEn: string;
  buttonTextZh: string;
  iconType: 'premium' | 'exclusive' | 'coupon' | 'default';
  link: TBannerLink;
};

/** SPEC 3 carousel (type 1) and banner grid (type 2) items; images are generated. */
export const DEMO_BANNERS: TDemoBanner[] = [
  {
    type: 1,
    titleEn: 'Print-in-place challenge',
    titleZh: '打印即可动挑战赛',
    subtitleEn:
      'Share a model that moves straight off the plate. The best three are featured on the home page.',
    subtitleZh: '分享一个下板就能动的模型，前三名将登上首页推荐。',
    buttonTextEn: 'Join now',
    buttonTextZh: '立即参与',
    iconType: 'exclusive',
    link: { path: '/community' },
  },
  {
    type: 1,
    titleEn: 'From sketch to laser-ready SVG',
    titleZh: '从草图到可切割的 SVG',
    subtitleEn: 'AI Create vectorises your drawing and prepares it for cutting and engraving.',
    subtitleZh: 'AI 创作帮你把手绘稿矢量化，直接用于激光切割和雕刻。',
    buttonTextEn: 'Try AI Create',
    buttonTextZh: '试试 AI 创作',
    iconType: 'premium',
    link: { path: '/aiCreate' },
  },
  {
    type: 1,
    titleEn: 'Laser coasters for every table',
    titleZh: '激光杯垫合集',
    subtitleEn: 'Mandalas, geometry and slate: files that cut cleanly on diode and CO2 lasers.',
    subtitleZh: '曼陀罗、几何图案和石板杯垫，二极管和 CO2 激光都能切。',
    buttonTextEn: 'Browse collection',
    buttonTextZh: '查看合集',
    iconType: 'default',
    link: { collection: 'laser-coasters' },
  },
  {
    type: 1,
    titleEn: 'Which filament for which job?',
    titleZh: '耗材怎么选？',
    subtitleEn: 'PLA, PETG, ASA, TPU and nylon compared in the Prusa material guide.',
    subtitleZh: 'Prusa 材料指南对比 PLA、PETG、ASA、TPU 和尼龙的特性。',
    buttonTextEn: 'Read the guide',
    buttonTextZh: '阅读指南',
    iconType: 'default',
    link: { path: 'https://help.prusa3d.com/materials' },
  },
  {
    type: 2,
    titleEn: 'First upload bonus',
    titleZh: '首次发布有礼',
    subtitleEn: 'Publish your first work and earn points for AI Create.',
    subtitleZh: '发布第一个作品，即可获得 AI 创作积分。',
    buttonTextEn: 'Publish',
    buttonTextZh: '去发布',
    iconType: 'coupon',
    link: { path: '/publish' },
  },
  {
    type: 2,
    titleEn: 'UV-printed gifts',
    titleZh: 'UV 打印好礼',
    subtitleEn: 'Phone cases, tumblers and keychains ready to personalise.',
    subtitleZh: '手机壳、保温杯、钥匙扣，一键定制。',
    buttonTextEn: 'Explore',
    buttonTextZh: '去看看',
    iconType: 'exclusive',
    link: { collection: 'uv-printed-gifts' },
  },
  {
    type: 2,
    titleEn: 'New to making?',
    titleZh: '新手入门',
    subtitleEn: 'Beginner-friendly projects that work on the first try.',
    subtitleZh: '一次就能做成功的入门项目。',
    buttonTextEn: 'Start here',
    buttonTextZh: '从这里开始',
    iconType: 'premium',
    link: { collection: 'beginner-friendly' },
  },
];
