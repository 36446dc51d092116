/**
 * Demo community posts (SPEC 3 Post), so a new site's /community is not
 * empty: makers showing prints, asking questions and sharing tips, in the
 * author's language. `work` names one of the author's demo works (its
 * first cover becomes the post's image); `hoursAgo` spreads them over the
 * last days; comments and likes come from other demo makers.
 */
export type TDemoPostComment = {
  author: string;
  text: string;
  /** A reply to the comment at this index of the same post. */
  replyTo?: number;
};

export type TDemoPost = {
  key: string;
  author: string;
  content: string;
  topic?: string;
  work?: string;
  hoursAgo: number;
  likes: string[];
  comments: TDemoPostComment[];
};

export const DEMO_POSTS: TDemoPost[] = [
  {
    key: 'walnut-burn',
    author: 'gretavoss',
    content:
      'Why does walnut burn so much darker at the edges than in the middle of a cut? Same speed and power across the whole piece, air assist on. Is it the resin in the wood or my focus drifting on a warped board?',
    topic: 'laser',
    hoursAgo: 3,
    likes: ['linmakes', 'mumu-workshop', 'kairo'],
    comments: [
      {
        author: 'linmakes',
        text: 'Mostly the warp. Pin the board flat with honeycomb pins and check focus at each corner; walnut chars fast once you are out of focus.',
      },
      { author: 'gretavoss', text: 'Pins it is. Thank you!', replyTo: 0 },
      {
        author: 'mumu-workshop',
        text: 'Masking tape on top also keeps the smoke stains off, then peel it after cutting.',
      },
    ],
  },
  {
    key: 'vase-mode-tip',
    author: 'hexbee',
    content:
      'Tip for the twisted vase: print it in vase mode with a 0.8 mm line width on a 0.4 nozzle. It becomes watertight and twice as strong, and the twist still looks crisp.',
    topic: 'tips',
    work: 'twisted-vase',
    hoursAgo: 8,
    likes: ['printpilot', 'afei3d', 'kairo', 'tinkerjo', 'xiaoyu'],
    comments: [
      {
        author: 'printpilot',
        text: 'Tried it with PETG, holds water overnight. Great tip.',
      },
      { author: 'afei3d', text: '0.8 线宽这个技巧很好用，我的花瓶再也不漏水了。' },
    ],
  },
  {
    key: 'coaster-batch',
    author: 'mumu-workshop',
    content:
      '周末做了二十个六角杯垫，准备送给邻居当节日礼物。椴木板 3mm，雕刻速度 300mm/s、功率 30%，切割两遍。大家觉得上清漆还是木蜡油好？',
    topic: '杯垫',
    work: 'hex-coaster',
    hoursAgo: 20,
    likes: ['linmakes', 'chenprint', 'gretavoss'],
    comments: [
      { author: 'linmakes', text: '杯垫建议木蜡油，防水又不会发黏，清漆久了容易起皮。' },
      { author: 'mumu-workshop', text: '好的，下一批试试木蜡油！', replyTo: 0 },
    ],
  },
  {
    key: 'uv-primer',
    author: 'chenprint',
    content:
      '分享一个保温杯 UV 打印的经验：不锈钢杯面一定要先擦酒精再上底涂，底涂晾干十分钟再打印，白墨打两层颜色才会饱满，附着力也好很多。',
    topic: 'UV打印',
    work: 'tumbler-night',
    hoursAgo: 30,
    likes: ['mumu-workshop', 'xiaoyu'],
    comments: [{ author: 'xiaoyu', text: '请问底涂用的是哪种？手机壳也适用吗？' }],
  },
  {
    key: 'dragon-print',
    author: 'xiaoyu',
    content:
      '关节龙终于打印成功了！第一次失败是因为关节间隙太小，把间隙调到 0.3mm 之后一次成功，每节都能活动。',
    topic: '3D打印',
    work: 'articulated-dragon',
    hoursAgo: 44,
    likes: ['afei3d', 'tinkerjo', 'hexbee', 'printpilot', 'kairo', 'linmakes'],
    comments: [
      { author: 'tinkerjo', text: 'That dragon looks amazing. Which filament is that?' },
      { author: 'xiaoyu', text: 'Silk PLA, the shiny purple one.', replyTo: 0 },
    ],
  },
  {
    key: 'stand-remix',
    author: 'printpilot',
    content:
      'Remixed my phone stand with a wider lip so it holds a tablet too. Prints in 2 hours without supports. Anyone want a version with a cable slot?',
    work: 'phone-stand',
    hoursAgo: 60,
    likes: ['kairo', 'hexbee'],
    comments: [{ author: 'kairo', text: 'Yes please, a cable slot would be perfect.' }],
  },
  {
    key: 'first-laser',
    author: 'tinkerjo',
    content:
      'Just got my first diode laser. What is the one thing you wish someone had told you in your first week?',
    topic: 'laser',
    hoursAgo: 80,
    likes: ['gretavoss', 'linmakes', 'mumu-workshop'],
    comments: [
      { author: 'gretavoss', text: 'Never leave it running alone, and vent the smoke outside.' },
      { author: 'linmakes', text: '先做一张功率速度测试板，能省下很多材料。' },
    ],
  },
  {
    key: 'parametric-box',
    author: 'kairo',
    content:
      'Updated the parametric storage box: you can now set the wall thickness and the number of dividers. Tell me the sizes you print most and I will add presets.',
    work: 'storage-box',
    hoursAgo: 110,
    likes: ['printpilot'],
    comments: [],
  },
];
