export type TDemoLang = 'zh' | 'en';

export type TDemoUser = {
  handle: string;
  nickname: string;
  lang: TDemoLang;
  gender: 'male' | 'female' | 'confidential';
  tag: string;
  bio: string;
};

/** Demo accounts live under a reserved domain so they can never collide with real sign-ups. */
export const DEMO_EMAIL_DOMAIN = 'demo.layerline.local';
export const demoEmail = (handle: string) => `${handle}@${DEMO_EMAIL_DOMAIN}`;

/**
 * Not a hash of anything: no password verifies against it, so demo accounts
 * cannot log in until an administrator sets a real password.
 */
export const DEMO_PASSWORD_HASH = '!seed-no-login';

export const DEMO_USERS: TDemoUser[] = [
  {
    handle: 'linmakes',
    nickname: '林工坊',
    lang: 'zh',
    gender: 'male',
    tag: '激光创客',
    bio: '白天做产品设计，晚上和激光机作伴。喜欢椴木板、胡桃木和一切能切出好看纹理的材料。',
  },
  {
    handle: 'printpilot',
    nickname: 'PrintPilot',
    lang: 'en',
    gender: 'male',
    tag: '3D printing enthusiast',
    bio: 'Mechanical engineer who fixes things around the house with PETG. Four printers, zero regrets.',
  },
  {
    handle: 'hexbee',
    nickname: 'HexBee Designs',
    lang: 'en',
    gender: 'female',
    tag: 'Designer',
    bio: 'Industrial designer. I make parametric home decor that prints without supports and looks good on a shelf.',
  },
  {
    handle: 'mumu-workshop',
    nickname: '木木的小作坊',
    lang: 'zh',
    gender: 'female',
    tag: '木工爱好者',
    bio: '周末木工人，用激光机做收纳盒、杯垫和节日小礼物。图纸都免费分享，欢迎晒成品！',
  },
  {
    handle: 'chenprint',
    nickname: '陈印记',
    lang: 'zh',
    gender: 'male',
    tag: 'UV打印玩家',
    bio: '小型UV打印工作室主理人，专注手机壳、保温杯和亚克力定制。分享配色和底涂经验。',
  },
  {
    handle: 'gretavoss',
    nickname: 'Greta Voss',
    lang: 'en',
    gender: 'female',
    tag: 'Laser artist',
    bio: 'Leather, slate and walnut are my canvas. I sell at craft fairs and post every file I can.',
  },
  {
    handle: 'kairo',
    nickname: 'Kairo Parametric',
    lang: 'en',
    gender: 'confidential',
    tag: 'Parametric designer',
    bio: 'Everything I publish is generated from a few numbers. Tell me the size you need and I will add a variant.',
  },
  {
    handle: 'xiaoyu',
    nickname: '小鱼造物',
    lang: 'zh',
    gender: 'female',
    tag: '桌游模型师',
    bio: '跑团十年的桌游玩家，打印地形、骰盘和各种打印即可动的小玩具。',
  },
  {
    handle: 'tinkerjo',
    nickname: 'TinkerJo',
    lang: 'en',
    gender: 'female',
    tag: 'Educator',
    bio: 'Middle-school STEM teacher. Classroom-tested models: quick to print, hard to break, fun to hold.',
  },
  {
    handle: 'afei3d',
    nickname: '阿飞的打印机',
    lang: 'zh',
    gender: 'male',
    tag: '3D打印发烧友',
    bio: '从 Ender-3 玩到多色打印，爱折腾打印机升级件，也做 Cosplay 道具。',
  },
];
