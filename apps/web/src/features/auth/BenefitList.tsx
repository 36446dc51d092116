import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import ScanOutlined from '@ant-design/icons/ScanOutlined';
import ShareAltOutlined from '@ant-design/icons/ShareAltOutlined';
import { useTranslation } from 'react-i18next';
import './dialogs.css';

/** SPEC 2: the registration benefits (content, scan, share). */
export function BenefitList({ className }: { className?: string }) {
  const { t } = useTranslation('nav');
  const benefits = [
    { key: 'content', icon: <CloudUploadOutlined />, text: t('benefits.content') },
    { key: 'scan', icon: <ScanOutlined />, text: t('benefits.scan') },
    { key: 'share', icon: <ShareAltOutlined />, text: t('benefits.share') },
  ];
  return (
    <ul className={`benefit-list ${className ?? ''}`}>
      {benefits.map((benefit) => (
        <li key={benefit.key}>
          <span className="benefit-list__icon" aria-hidden="true">
            {benefit.icon}
          </span>
          <span className="benefit-list__text">{benefit.text}</span>
        </li>
      ))}
    </ul>
  );
}
