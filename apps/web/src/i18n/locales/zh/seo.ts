import type { TCatalog } from '../en';

export const seo: TCatalog['seo'] = {
  homeTitle: '{{product}} - 首页',
  pageTitle: '{{page}} - {{product}}',
  defaultDescription: '在 {{product}} 发现并分享 3D 打印、激光雕刻等创意作品。',
  pages: {
    home: {
      title: '首页',
      description: '在 {{product}} 发现并分享 3D 打印、激光雕刻等创意作品。',
    },
    profile: {
      title: '创作者主页',
      description: '{{product}} 创作者的作品、合集和点赞。',
    },
    inform: {
      title: '消息通知',
      description: '你在 {{product}} 的评论、点赞、关注和系统通知。',
    },
    community: {
      title: '模型圈',
      description: '与 {{product}} 社区交流模型、打印和制作技巧。',
    },
    collection: {
      title: '合集',
      description: '{{product}} 精选的创作者作品合集。',
    },
    publish: {
      title: '发布',
      description: '在 {{product}} 发布你的设计、文件和制作说明。',
    },
    aiCreate: {
      title: 'AI 创作',
      description: '用 AI 为激光、3D 打印机和 UV 打印机创作图片、标志和 3D 模型。',
    },
    work: {
      title: '作品',
      description: '{{product}} 上的创作者作品：图片、设计文件和制作方法。',
    },
    feedback: {
      title: '意见反馈',
      description: '向 {{product}} 反馈问题或提出改进建议。',
    },
    notFound: {
      title: '页面不存在',
      description: '{{product}} 上不存在此页面。',
    },
  },
};
