import type { TCatalog } from '../en';

/** 设计文件的在线预览：3D 模型、矢量图、PDF 和图片。 */
export const preview: TCatalog['preview'] = {
  close: '关闭',
  download: '下载',
  openInNewTab: '在新标签页中打开',
  loading: '正在加载预览',
  loadFailed: '预览加载失败，你仍可以下载该文件。',
  unsupported: '此类文件暂不支持预览，请下载后用相应软件打开。',
  zoom: {
    in: '放大',
    out: '缩小',
    fit: '适应窗口',
    level: '{{percent}}%',
  },
  model: {
    viewer: '{{filename}} 的 3D 预览',
    resetView: '重置视角',
    dimensions: '{{x}} × {{y}} × {{z}} mm',
    dimensionsLabel: '尺寸（X × Y × Z）',
    hint: '拖动旋转，滚轮缩放，右键拖动平移',
    hintTouch: '单指拖动旋转，双指捏合缩放，双指拖动平移',
    noWebgl: '当前浏览器无法显示 3D 预览：WebGL 已关闭或不受支持。请下载文件后查看。',
    empty: '该模型没有可显示的几何体。',
  },
  vector: {
    alt: '{{filename}} 的预览',
    drawing: '图纸 {{filename}}',
    size: '{{width}} × {{height}} {{unit}}',
    sizeLabel: '图纸尺寸',
    empty: '图纸中没有找到直线、圆或曲线。',
    units: {
      unitless: '图形单位',
      in: '英寸',
      ft: '英尺',
      mm: 'mm',
      cm: 'cm',
      m: 'm',
    },
  },
  pdf: {
    title: '{{filename}} 的 PDF 预览',
    fallback: '当前浏览器无法在此显示 PDF。',
  },
  image: {
    alt: '{{filename}} 的预览',
  },
};
