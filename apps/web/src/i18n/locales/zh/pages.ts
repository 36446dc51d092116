import type { TCatalog } from '../en';

export const pages: TCatalog['pages'] = {
  profile: {
    title: '创作者主页',
  },
  collection: {
    title: '合集',
  },
  aiCreate: {
    title: 'AI 创作',
    body: '使用 AI 创作图片、标志和 3D 模型，以积分支付。',
    tabs: {
      laser: '激光',
      printer3d: '3D 打印机',
      uvPrinter: 'UV 打印机',
    },
  },
};
