/**
 * Demo makers talking to each other on works: who follows whom, and the
 * comments (with replies) under some works. Every maker writes in their own
 * language (users.data `lang`), so a Chinese maker's comment on an English
 * work is Chinese, as on a real bilingual site. Likes and favourites are
 * drawn per work in social.seed (seeded random, so every install gets the same).
 */

/** Follower handle -> the handles they follow. Every maker has at least one follower. */
export const DEMO_FOLLOWS: Record<string, string[]> = {
  linmakes: ['mumu-workshop', 'chenprint', 'gretavoss', 'xiaoyu'],
  printpilot: ['hexbee', 'kairo', 'tinkerjo', 'afei3d'],
  hexbee: ['printpilot', 'gretavoss', 'kairo'],
  'mumu-workshop': ['linmakes', 'chenprint', 'xiaoyu', 'gretavoss'],
  chenprint: ['linmakes', 'mumu-workshop', 'hexbee'],
  gretavoss: ['linmakes', 'hexbee', 'tinkerjo'],
  kairo: ['printpilot', 'hexbee', 'tinkerjo'],
  xiaoyu: ['afei3d', 'linmakes', 'mumu-workshop', 'printpilot'],
  tinkerjo: ['kairo', 'printpilot', 'gretavoss'],
  afei3d: ['xiaoyu', 'printpilot', 'hexbee', 'linmakes'],
};

/** `replyTo`: index of the comment or reply (earlier in the same list) it answers. */
export type TDemoComment = { author: string; text: string; replyTo?: number };

/** Work key (works.data) -> its comments in the order they were written. */
export const DEMO_WORK_COMMENTS: Record<string, TDemoComment[]> = {
  'twisted-vase': [
    {
      author: 'printpilot',
      text: 'Printed this in silk PLA with a 0.6 mm nozzle in vase mode. The lobes catch the light beautifully.',
    },
    {
      author: 'hexbee',
      text: 'Thank you! A 0.6 nozzle is what I use too, the single wall comes out much sturdier.',
      replyTo: 0,
    },
    { author: 'afei3d', text: '花瓶模式一次成功，用的丝绸PLA，放在书架上很好看。' },
    { author: 'tinkerjo', text: 'Does it hold water without any sealing?' },
    {
      author: 'hexbee',
      text: 'Mostly, yes. For fresh flowers I would still put a glass or a jar inside.',
      replyTo: 3,
    },
    {
      author: 'kairo',
      text: 'Nice twist profile. A shorter version would make a great tealight cup.',
    },
  ],
  'articulated-dragon': [
    { author: 'afei3d', text: '打印完直接就能动，关节间隙刚刚好！' },
    { author: 'xiaoyu', text: '谢谢！间隙是0.3毫米，在几台不同的打印机上都测过。', replyTo: 0 },
    {
      author: 'printpilot',
      text: 'Printed in place on my MK4 and every joint moved on the first try. The kids love it.',
    },
    { author: 'linmakes', text: '给侄子打了一只彩虹色的，被抢着玩。' },
    { author: 'chenprint', text: '请问多色换料的话，在哪一层换比较好看？' },
    { author: 'xiaoyu', text: '我一般在背鳍开始的那一层换色，大概第45层。', replyTo: 4 },
  ],
  'mandala-coaster': [
    { author: 'mumu-workshop', text: '3毫米椴木板，功率35%、速度200，雕出来很清晰。' },
    { author: 'linmakes', text: '参数很准！换胡桃木的话可以把功率再加5%。', replyTo: 0 },
    {
      author: 'gretavoss',
      text: 'Made a set of six for a housewarming gift. Oiled them afterwards and the engraving darkens nicely.',
    },
    { author: 'chenprint', text: '这个图案拿来做UV彩印也好看，我试了一版彩色的。' },
    { author: 'xiaoyu', text: '收藏了，周末就试试。' },
  ],
  'storage-box': [
    { author: 'tinkerjo', text: 'The lid tolerance is spot on: snug, but never stuck.' },
    {
      author: 'printpilot',
      text: 'Scaled it to 150% for screws and the lid still fits. Great parametric work.',
    },
    {
      author: 'kairo',
      text: 'Good to know it scales! The clearance is a fixed 0.25 mm, so big prints get a little looser.',
      replyTo: 1,
    },
    { author: 'hexbee', text: 'Would you consider adding dividers as a separate part?' },
    { author: 'kairo', text: 'Dividers are on the list for the next version.', replyTo: 3 },
  ],
  keychains: [
    { author: 'chenprint', text: '3毫米亚克力切出来边缘很亮，挂孔位置也合适。' },
    { author: 'linmakes', text: '市集上摆摊卖了二十多个，星星那款最受欢迎。' },
    { author: 'mumu-workshop', text: '哈哈太好了！下次再加几个生肖造型。', replyTo: 1 },
    {
      author: 'tinkerjo',
      text: "Cut these from scrap acrylic for my kids' backpacks. Quick job, great result.",
    },
  ],
  'case-waves': [
    { author: 'xiaoyu', text: 'UV打印出来颜色很正，海浪的层次感很好。' },
    { author: 'afei3d', text: '请问白墨打底要打几遍？' },
    { author: 'chenprint', text: '白墨一遍，彩色两遍，最后再上一层光油。', replyTo: 1 },
    { author: 'hexbee', text: 'Gorgeous gradient. Which colour profile did you use?' },
    { author: 'chenprint', text: '用的默认光面配置，饱和度调高了10%。', replyTo: 3 },
  ],
  'gear-set': [
    {
      author: 'kairo',
      text: 'Used this in a physics lesson. The 1:3 ratio clicked for everyone in the room.',
    },
    {
      author: 'tinkerjo',
      text: "That's exactly what it was made for! Glad it worked in class.",
      replyTo: 0,
    },
    { author: 'afei3d', text: '齿轮咬合很顺，0.2毫米层高打印完全没问题。' },
    {
      author: 'printpilot',
      text: 'Tip: a drop of dry PTFE lube on the axles and they spin forever.',
    },
  ],
  lantern: [
    { author: 'mumu-workshop', text: '中秋节做了三个挂在阳台，晚上点上灯特别好看。' },
    { author: 'xiaoyu', text: '镂空图案太精致了，切一个要多久？' },
    { author: 'linmakes', text: '一块板大约12分钟，组装十分钟左右。', replyTo: 1 },
    {
      author: 'gretavoss',
      text: 'Beautiful lattice. I cut it from 2 mm birch and it still holds together well.',
    },
  ],
  'hex-coasters': [
    { author: 'xiaoyu', text: '收纳座设计得很巧妙，杯垫放进去很稳。' },
    { author: 'kairo', text: 'Printed the holder in wood-fill PLA. Looks great on the desk.' },
    { author: 'chenprint', text: '杯垫底面可以贴软木片吗？' },
    { author: 'afei3d', text: '可以，底部留了1毫米的凹槽，贴软木片刚好。', replyTo: 2 },
  ],
  jigsaw: [
    { author: 'tinkerjo', text: 'My kids finished it in ten minutes and asked for a harder one!' },
    { author: 'gretavoss', text: 'Ha! A 48-piece version is in the works.', replyTo: 0 },
    { author: 'mumu-workshop', text: '拼块之间咬合很紧，椴木板切得也干净。' },
    { author: 'hexbee', text: 'Love the landscape. Did you paint it after cutting?' },
    {
      author: 'gretavoss',
      text: 'Engraved first, then a light watercolour wash before sealing.',
      replyTo: 3,
    },
  ],
  'low-poly-moon': [
    {
      author: 'printpilot',
      text: 'Printed in white PETG with a warm LED puck inside. Instantly cosy.',
    },
    { author: 'xiaoyu', text: '低多边形的感觉很有味道，放卧室正合适。' },
    {
      author: 'kairo',
      text: 'A version with fewer facets would be fun too. This one is great already.',
    },
  ],
  planter: [
    { author: 'hexbee', text: 'The ribs hide the layer lines really well.' },
    { author: 'gretavoss', text: 'The drainage hole is a nice touch.' },
    {
      author: 'printpilot',
      text: 'Overwatering killed my first succulent, so it was a must!',
      replyTo: 1,
    },
    { author: 'afei3d', text: 'PETG打印的，放阳台一个夏天都没有变形。' },
  ],
  'phone-stand': [
    { author: 'tinkerjo', text: 'Fits my phone even in its thick case. Nice and simple.' },
    { author: 'linmakes', text: '简洁好用，已经打了两个放办公室。' },
  ],
  'halftone-photo': [
    {
      author: 'gretavoss',
      text: 'The dithering guide helped a lot. My first photo on slate came out great.',
    },
    { author: 'linmakes', text: '石板的效果真的很好！记得把功率调低一点。', replyTo: 0 },
  ],
  'finger-box': [{ author: 'linmakes', text: '指接的公差刚刚好，不上胶也很牢固。' }],
  'topo-relief': [
    { author: 'hexbee', text: 'Stunning. Which area is this?' },
    {
      author: 'kairo',
      text: 'A made-up ridge from generated elevation data, so nowhere and everywhere.',
      replyTo: 0,
    },
  ],
  'dice-tray': [
    { author: 'tinkerjo', text: 'Perfect for our Friday game night.' },
    { author: 'afei3d', text: '八角形很好看，底部再加块绒布就完美了。' },
  ],
  'slate-coasters': [
    { author: 'kairo', text: 'Slate engraves so cleanly. Thanks for the settings.' },
  ],
  'tumbler-night': [{ author: 'mumu-workshop', text: '星空配色太美了，送朋友很有面子。' }],
  snowflake: [
    { author: 'hexbee', text: 'Cut a dozen of these for our tree this year. Thank you!' },
  ],
  'platonic-solids': [
    { author: 'kairo', text: "Printed the whole set for my daughter's maths homework." },
  ],
  'wave-vase': [
    { author: 'hexbee', text: 'Lovely ripple, and the seam is very clean.' },
    { author: 'afei3d', text: '谢谢！花瓶模式下接缝几乎看不出来。', replyTo: 0 },
  ],
};
