import UserOutlined from '@ant-design/icons/UserOutlined';
import Avatar from 'antd/es/avatar';
import { useState } from 'react';

interface TUserAvatarProps {
  src: string | null | undefined;
  size?: number;
  /** Text alternative; empty when a visible name already sits beside the image. */
  alt: string;
  className?: string;
}

/**
 * SPEC 3 and SPEC 8: the default avatar is shown when the address is missing
 * or the image fails to load. A new address gets a fresh attempt.
 */
export function UserAvatar({ src, size = 32, alt, className }: TUserAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = src && src !== failedSrc ? src : undefined;
  return (
    <Avatar
      size={size}
      src={shown}
      icon={<UserOutlined />}
      alt={alt}
      className={className}
      onError={() => {
        setFailedSrc(src ?? null);
        return false;
      }}
    />
  );
}
