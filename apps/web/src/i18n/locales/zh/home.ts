import type { TCatalog } from '../en';

export const home: TCatalog['home'] = {
  feedLabel: '发现推荐',
  carousel: '精选推荐',
  banners: '热门活动',
  collections: '精选合集',
  categories: '分类',
  allCategories: '全部',
  works: '作品',
  loading: '正在加载推荐内容…',
  carouselRole: '轮播',
  slideRole: '幻灯片',
  slideLabel: '第 {{index}} 张，共 {{total}} 张',
  previousSlide: '上一张',
  nextSlide: '下一张',
  goToSlide: '切换到第 {{index}} 张',
  slideControls: '选择轮播图',
  iconType: {
    premium: '精品',
    exclusive: '独家',
    coupon: '优惠',
    default: '推荐',
  },
  bannerFallback: {
    title: '在 {{product}} 发现更多',
    subtitle: '创客社区的新模型、技巧和活动。',
    buttonText: '了解更多',
  },
  defaultItems: {
    community: {
      title: '分享你的作品',
      subtitle: '在模型圈里展示你的打印、切割和雕刻成果，向其他创客取经。',
      buttonText: '参与讨论',
    },
    aiCreate: {
      title: '从创意到可雕刻文件',
      subtitle: 'AI 创作把草图或一句描述变成矢量图、浮雕和可打印模型。',
      buttonText: '试试 AI 创作',
    },
    publish: {
      title: '发布你的第一个模型',
      subtitle: '上传 STL、3MF 或 SVG 文件，附上照片和教程，让大家都能做出来。',
      buttonText: '开始发布',
    },
    points: {
      title: '每日创作积分',
      subtitle: 'AI 创作积分每天刷新。',
      buttonText: '去使用',
    },
    talk: {
      title: '模型圈',
      subtitle: '提问、试打和参数分享。',
      buttonText: '看看帖子',
    },
    laser: {
      title: '几分钟做好激光文件',
      subtitle: '抖动、描摹，一键处理图片。',
      buttonText: '打开工具',
    },
  },
  linkFailed: '链接跳转失败，请稍后重试。',
  collectionWorks_one: '{{count}} 个作品',
  collectionWorks_other: '{{count}} 个作品',
  untitledCollection: '未命名合集',
  collectionsFailed: '合集加载失败。',
  categoryFetchFailed: '分类获取失败，请稍后重试。',
  subcategories: '{{name}}：子分类',
};
