import '../../i18n/lazy/home';
import CrownOutlined from '@ant-design/icons/CrownOutlined';
import FireOutlined from '@ant-design/icons/FireOutlined';
import StarOutlined from '@ant-design/icons/StarOutlined';
import TagOutlined from '@ant-design/icons/TagOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TIconType } from './banner-view';
import './icon-type-badge.css';

const ICONS: Record<TIconType, ReactNode> = {
  premium: <CrownOutlined aria-hidden />,
  exclusive: <StarOutlined aria-hidden />,
  coupon: <TagOutlined aria-hidden />,
  default: <FireOutlined aria-hidden />,
};

/** SPEC 3 iconType (premium, exclusive, coupon or default) as a labelled badge. */
export function IconTypeBadge({ type }: { type: TIconType }) {
  const { t } = useTranslation('home');
  return (
    <span className={`icon-type-badge icon-type-badge--${type}`}>
      {ICONS[type]}
      <span>{t(`iconType.${type}`)}</span>
    </span>
  );
}
