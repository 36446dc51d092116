import type { TCatalog } from '../en';

export const profile: TCatalog['profile'] = {
  editTitle: '编辑资料',
  edit: '编辑资料',
  save: '保存',
  saved: '个人资料已保存。',
  loading: '正在加载个人资料',
  loadFailed: '个人资料加载失败。',
  points: '积分',
  pointsNote: '积分不可兑换为现金。',
  noBio: '还没有个人简介。',
  avatarAlt: '{{name}} 的头像',
  fields: {
    avatar: '头像',
    nickname: '昵称',
    gender: '性别',
    birthday: '生日',
    bio: '个人简介',
    favorPublic: '公开我的收藏',
  },
  favorPublicHint: '关闭时只有你能看到收藏；开启后访问你主页的人都能看到。',
  placeholders: {
    nickname: '2 到 30 个字符',
    birthday: 'YYYY-MM-DD',
    bio: '向其他创客介绍一下你的作品',
  },
  genders: {
    male: '男',
    female: '女',
    confidential: '保密',
  },
  avatar: {
    choose: '选择图片',
    hint: 'JPG、PNG 或 GIF，不超过 2 MB',
    preview: '新头像预览',
    uploading: '正在上传头像',
  },
  counters: {
    follows: '关注',
    fans: '粉丝',
    likes: '获赞',
    favorites: '被收藏',
    works: '作品',
  },
  tabs: {
    works: '作品',
    collections: '收藏',
    liked: '喜欢',
  },
  empty: {
    works: {
      own: '你还没有发布作品。',
      other: '这位创作者还没有发布作品。',
    },
    collections: {
      own: '你还没有收藏作品。',
      other: '这位创作者还没有收藏作品。',
    },
    liked: {
      own: '你还没有点赞作品。',
      other: '没有可显示的点赞作品。',
    },
  },
  publishFirst: '发布第一个作品',
  errors: {
    nicknameRequired: '请输入昵称',
    nicknameLength: '昵称长度为 2 到 30 个字符',
    genderRequired: '请选择性别',
    birthdayRequired: '请选择生日',
    birthdayInvalid: '请输入有效的生日（YYYY-MM-DD）',
    bioTooLong: '个人简介不能超过 500 个字符',
    avatarType: '只能上传 JPG、PNG 或 GIF 图片。',
    avatarSize: '头像不能超过 2 MB。',
    avatarInvalid: '头像必须是本站上传的图片',
    editOwnProfileOnly: '您只能编辑自己的资料',
    invalid: '请检查此项',
  },
};
