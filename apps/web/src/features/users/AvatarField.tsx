import '../../i18n/lazy/profile';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import { type ChangeEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/UserAvatar';
import { AVATAR_ACCEPT } from './avatar-rules';

interface TAvatarFieldProps {
  /** The saved avatar, or the preview of the chosen file. */
  src: string;
  isPreview: boolean;
  name: string;
  error: string | null;
  /** Upload progress in percent while saving, else null. */
  progress: number | null;
  onPick: (file: File) => void;
}

/** SPEC 2 'Edit profile' avatar: choose, preview before saving, upload progress. */
export function AvatarField({ src, isPreview, name, error, progress, onPick }: TAvatarFieldProps) {
  const { t } = useTranslation('profile');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
    if (file) onPick(file);
  };

  return (
    <div className="avatar-field">
      <UserAvatar
        src={src}
        size={72}
        alt={isPreview ? t('avatar.preview') : t('avatarAlt', { name })}
      />
      <div className="avatar-field__controls">
        <label htmlFor={inputId} className="visually-hidden">
          {t('fields.avatar')}
        </label>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          accept={AVATAR_ACCEPT}
          className="visually-hidden"
          onChange={handleChange}
          disabled={progress !== null}
        />
        <Button onClick={() => inputRef.current?.click()} disabled={progress !== null}>
          {t('avatar.choose')}
        </Button>
        <p className="avatar-field__hint">{t('avatar.hint')}</p>
        {error && (
          <div className="avatar-field__error" role="alert">
            {error}
          </div>
        )}
        {progress !== null && (
          <Progress percent={progress} size="small" aria-label={t('avatar.uploading')} />
        )}
      </div>
    </div>
  );
}
