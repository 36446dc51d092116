/**
 * The names of the AI tools by job kind, in both languages: the AI page's
 * records and the console's points ledger say them alike. A file of their
 * own, so the console's chunk does not carry the AI page's texts.
 */
export const aiKindsEn = {
  text_to_image: 'Text to image',
  image_to_image: 'Image to image',
  text_to_logo: 'Text to logo',
  prompt_optimize: 'Prompt optimisation',
  remove_background: 'Remove background',
  vectorize: 'Vectorise',
  erase: 'Eraser',
  laser_image: 'Laser-ready image',
  image_to_3d: 'Image to 3D model',
  relief_3d: '3D relief',
  lithophane: 'Lithophane',
  cookie_cutter: 'Cookie cutter',
};

export const aiKindsZh = {
  text_to_image: '文生图',
  image_to_image: '图生图',
  text_to_logo: '文字生成 Logo',
  prompt_optimize: '提示词优化',
  remove_background: '去除背景',
  vectorize: '矢量化',
  erase: '局部擦除',
  laser_image: '激光雕刻图',
  image_to_3d: '图片转 3D 模型',
  relief_3d: '3D 浮雕',
  lithophane: '光栅浮雕灯片',
  cookie_cutter: '饼干模具',
};
