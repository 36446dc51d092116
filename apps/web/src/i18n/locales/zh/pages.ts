import type { TCatalog } from '../en';

export const pages: TCatalog['pages'] = {
  profile: {
    title: '创作者主页',
    body: '该创作者的作品、合集和点赞的作品。',
  },
  inform: {
    title: '消息通知',
    body: '评论、点赞、收藏、新粉丝和系统通知。',
  },
  community: {
    title: '模型圈',
    body: '推荐动态、社区广场和我的动态。',
  },
  collection: {
    title: '合集',
    body: '该合集收录的全部作品。',
  },
  publish: {
    title: '发布作品',
    editTitle: '编辑作品 #{{id}}',
    body: '为你的作品上传设计文件、封面图片和制作说明。',
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
