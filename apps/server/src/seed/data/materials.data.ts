export type TMaterialData = { slug: string; en: string; zh: string };

const x = (slug: string, en: string, zh: string): TMaterialData => ({ slug, en, zh });

/** Materials of the three crafts, in the order the publish form lists them. */
export const MATERIALS: TMaterialData[] = [
  // FDM filaments
  x('pla', 'PLA', 'PLA'),
  x('pla-plus', 'PLA+', 'PLA+ 增强型'),
  x('pla-matte', 'Matte PLA', '哑光PLA'),
  x('pla-silk', 'Silk PLA', '丝绸PLA'),
  x('petg', 'PETG', 'PETG'),
  x('abs', 'ABS', 'ABS'),
  x('asa', 'ASA', 'ASA'),
  x('tpu-95a', 'TPU 95A', 'TPU 95A 软胶'),
  x('pa-nylon', 'PA / Nylon', 'PA 尼龙'),
  x('pc', 'PC (Polycarbonate)', 'PC 聚碳酸酯'),
  x('pla-cf', 'PLA-CF', 'PLA-CF 碳纤维PLA'),
  x('petg-cf', 'PETG-CF', 'PETG-CF 碳纤维PETG'),
  x('pva', 'PVA (support)', 'PVA 水溶支撑'),
  // Photopolymer resins
  x('resin-standard', 'Standard resin', '标准树脂'),
  x('resin-tough', 'Tough resin', '韧性树脂'),
  x('resin-water-washable', 'Water-washable resin', '水洗树脂'),
  // Laser sheet goods and engraving blanks
  x('basswood-plywood', 'Basswood plywood', '椴木胶合板'),
  x('birch-plywood', 'Birch plywood', '桦木胶合板'),
  x('mdf', 'MDF', '中密度纤维板 (MDF)'),
  x('walnut', 'Walnut', '胡桃木'),
  x('cherry', 'Cherry wood', '樱桃木'),
  x('bamboo', 'Bamboo', '竹板'),
  x('cast-acrylic', 'Cast acrylic', '浇铸亚克力'),
  x('mirror-acrylic', 'Mirror acrylic', '镜面亚克力'),
  x('veg-tan-leather', 'Veg-tan leather', '植鞣皮革'),
  x('pu-leather', 'PU leather', 'PU皮革'),
  x('cork', 'Cork', '软木'),
  x('cardstock', 'Cardstock / paper', '卡纸 / 纸张'),
  x('felt', 'Fabric / felt', '布料 / 毛毡'),
  x('slate', 'Slate', '石板'),
  x('glass', 'Glass', '玻璃'),
  x('ceramic-tile', 'Ceramic tile', '瓷砖'),
  x('anodized-aluminium', 'Anodized aluminium', '阳极氧化铝'),
  x('stainless-steel', 'Stainless steel', '不锈钢'),
  x('rubber-stamp', 'Laser rubber', '激光橡胶'),
  // UV printing substrates
  x('phone-case', 'Phone case (TPU/PC)', '手机壳 (TPU/PC)'),
  x('metal-tumbler', 'Metal tumbler', '金属保温杯'),
  x('pvc-board', 'PVC board', 'PVC板'),
  x('canvas', 'Canvas', '帆布'),
  x('uv-primer', 'UV primer / adhesion promoter', 'UV底涂 / 附着力促进剂'),
  x('kraft-paperboard', 'Kraft paperboard', '牛皮纸板'),
];
