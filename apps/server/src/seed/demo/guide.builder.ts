import type { TDemoLang } from './users.data';

export type TGuideInput = {
  lang: TDemoLang;
  craft: '3d' | 'laser' | 'uv';
  level: 0 | 1 | 2;
  materials: string[];
  machines: string[];
  software: string[];
  files: string[];
  tip: string;
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

const TEXT = {
  en: {
    prepare: 'What you need',
    materials: 'Materials',
    machines: 'Tested on',
    software: 'Software',
    files: 'Files',
    settings: { '3d': 'Print settings', laser: 'Laser settings', uv: 'Print layers' },
    steps: 'Steps',
    tip: 'Tip:',
    '3d': (level: number) => ({
      settings: [
        `Layer height ${level === 0 ? '0.20' : '0.16'} mm, ${level === 2 ? 4 : 3} walls, ${level === 2 ? '40%' : '15%'} gyroid infill`,
        'No supports needed in the published orientation',
        'Brim only if your bed adhesion is marginal',
      ],
      steps: [
        'Open the STL files in your slicer; they are in millimetres and already face down.',
        'Pick the filament profile and check the first layer on a small test print.',
        'Print, let the plate cool, then remove the part and clean any stringing.',
      ],
    }),
    laser: () => ({
      settings: [
        '<strong>Red</strong> hairlines cut, <strong>blue</strong> lines score, <strong>black</strong> fills engrave',
        'Start from the material test grid of your machine and adjust speed before power',
        'Air assist on for cutting, off or low for engraving',
      ],
      steps: [
        'Import the SVG; it opens at true size because width and height are in millimetres.',
        'Focus on the material surface and run a small test cut in a corner.',
        'Engrave and score first, cut last, inner shapes before outlines.',
        'Wipe off residue and sand or oil the pieces as needed.',
      ],
    }),
    uv: () => ({
      settings: [
        'Colour artwork with bleed; the <strong>red</strong> hairline is the dieline, not printed',
        'White ink under colour on dark or clear substrates',
        'Optional gloss varnish pass on top',
      ],
      steps: [
        'Clean the substrate with isopropyl alcohol and apply primer where needed.',
        'Place the item in a jig and align the artwork with the preview camera.',
        'Print white, colour, then varnish; let the last pass cure fully before handling.',
      ],
    }),
  },
  zh: {
    prepare: '准备',
    materials: '材料',
    machines: '已测试机型',
    software: '软件',
    files: '文件',
    settings: { '3d': '打印参数', laser: '激光参数', uv: '打印图层' },
    steps: '步骤',
    tip: '小贴士：',
    '3d': (level: number) => ({
      settings: [
        `层高 ${level === 0 ? '0.20' : '0.16'} mm，${level === 2 ? 4 : 3} 层墙，${level === 2 ? '40%' : '15%'} 螺旋体（gyroid）填充`,
        '按发布时的摆放方向打印，不需要支撑',
        '热床附着不好时再加裙边（brim）',
      ],
      steps: [
        '把 STL 导入切片软件，单位是毫米，摆放方向已经调好。',
        '选择对应耗材的预设，先打一小块确认首层。',
        '打印完成后等热床冷却再取件，清理拉丝。',
      ],
    }),
    laser: () => ({
      settings: [
        '<strong>红色</strong>细线为切割，<strong>蓝色</strong>为划线，<strong>黑色</strong>填充为雕刻',
        '先用本机的材料测试矩阵找参数，优先调速度再调功率',
        '切割时打开气泵，雕刻时关闭或调小',
      ],
      steps: [
        '导入 SVG，宽高单位为毫米，会按实际尺寸打开。',
        '对焦到材料表面，在角落先试切一个小图形。',
        '先雕刻和划线，最后切割；先切内部形状，再切外轮廓。',
        '擦掉烟渍，根据需要打磨或上油。',
      ],
    }),
    uv: () => ({
      settings: [
        '彩色图稿含出血，<strong>红色</strong>细线是刀线，不打印',
        '深色或透明材料在彩色下面垫白墨',
        '可选：最上层加一遍光油',
      ],
      steps: [
        '用酒精清洁材料表面，需要时先擦底涂。',
        '把物件放进治具，用预览摄像头对位图稿。',
        '依次打印白墨、彩色、光油，完全固化后再取件。',
      ],
    }),
  },
} as const;

/**
 * The production guide (SPEC 3 attachment) as sanitised rich text: only p,
 * h3, ul, li and strong, with every user-facing value escaped.
 */
export function buildGuide(input: TGuideInput): string {
  const t = TEXT[input.lang];
  const sep = input.lang === 'zh' ? '、' : ', ';
  const colon = input.lang === 'zh' ? '：' : ': ';
  const content = t[input.craft](input.level);
  return [
    `<h3>${t.prepare}</h3>`,
    list([
      `<strong>${t.materials}${colon}</strong>${escapeHtml(input.materials.join(sep))}`,
      `<strong>${t.machines}${colon}</strong>${escapeHtml(input.machines.join(sep))}`,
      `<strong>${t.software}${colon}</strong>${escapeHtml(input.software.join(sep))}`,
      `<strong>${t.files}${colon}</strong>${escapeHtml(input.files.join(sep))}`,
    ]),
    `<h3>${t.settings[input.craft]}</h3>`,
    list([...content.settings]),
    `<h3>${t.steps}</h3>`,
    list([...content.steps]),
    `<p><strong>${t.tip}</strong>${escapeHtml(input.tip)}</p>`,
  ].join('');
}
