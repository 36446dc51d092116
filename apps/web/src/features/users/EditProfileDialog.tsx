import '../../i18n/lazy/profile';
import { GENDERS, LIMITS, type TGender, type TUserInfo } from '@layerline/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { useSessionStore } from '../../stores/session.store';
import { AvatarField } from './AvatarField';
import { useMyProfile } from './api';
import { checkAvatarFile, readPreview } from './avatar-rules';
import { uploadAvatar, useUpdateProfile } from './profile-edit-api';
import { BIRTHDAY_FORMAT, useProfileRules } from './profile-rules';
import './profile.css';

type TProfileValues = {
  nickname: string;
  gender: TGender;
  birthday: Dayjs | null;
  bio?: string;
  favorPublic: boolean;
  likesPublic: boolean;
};

type TChosenAvatar = { file: File; preview: string; uploadedUrl: string | null };

function initialValues(info: TUserInfo): TProfileValues {
  const birthday = info.birthday ? dayjs(info.birthday, BIRTHDAY_FORMAT) : null;
  return {
    nickname: info.nickName || info.nickname,
    gender: info.gender,
    birthday: birthday?.isValid() ? birthday : null,
    bio: info.bio,
    favorPublic: info.favorPublic,
    likesPublic: info.likesPublic,
  };
}

/** No birthday after today, none before 1900 (the contract's range). */
const isOutOfRange = (day: Dayjs) => day.isAfter(dayjs(), 'day') || day.year() < 1900;

/**
 * SPEC 2 'Edit profile' (SPEC 3 fields, SPEC 5 rules). The avatar is checked
 * before upload, previewed, uploaded with progress on save, then the profile
 * is saved with PUT updateInfo; the answer updates the session, so the side
 * navigation, the header and the profile page change at once.
 */
export function EditProfileDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<TProfileValues>();
  const rules = useProfileRules();
  const profile = useMyProfile();
  const update = useUpdateProfile();
  const session = useSessionStore((state) => state.user);
  const [avatar, setAvatar] = useState<TChosenAvatar | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const isSaving = progress !== null || update.isPending;

  // The date picker's month and weekday names follow the language.
  useEffect(() => {
    dayjs.locale(i18n.resolvedLanguage === 'zh' ? 'zh-cn' : 'en');
  }, [i18n.resolvedLanguage]);

  const handlePick = async (file: File) => {
    const problem = checkAvatarFile(file);
    if (problem) {
      setAvatarError(t(`errors.${problem}`));
      return;
    }
    setAvatarError(null);
    setAvatar({ file, preview: await readPreview(file), uploadedUrl: null });
  };

  const handleFinish = async (values: TProfileValues) => {
    try {
      let avatarUrl = avatar?.uploadedUrl ?? undefined;
      if (avatar && !avatarUrl) {
        setProgress(0);
        avatarUrl = await uploadAvatar(avatar.file, ({ percent }) => setProgress(percent));
        // Kept, so a failed save does not upload the same file again.
        setAvatar({ ...avatar, uploadedUrl: avatarUrl });
      }
      setProgress(null);
      await update.mutateAsync({
        nickname: values.nickname.trim(),
        gender: values.gender,
        birthday: values.birthday?.format(BIRTHDAY_FORMAT) ?? '',
        bio: values.bio ?? '',
        favorPublic: values.favorPublic,
        likesPublic: values.likesPublic,
        ...(avatarUrl ? { avatar: avatarUrl } : {}),
      });
      void message.success(t('saved'));
      onClose();
    } catch (error) {
      setProgress(null);
      // Transport failures were already reported by the API client.
      if (isApiError(error) && error.kind === 'business') void message.error(error.message);
    }
  };

  const info = profile.data;
  return (
    <Modal
      open
      title={t('editTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: isSaving, disabled: !info }}
      mask={{ closable: false }}
      destroyOnHidden
      className="edit-profile-dialog"
    >
      {info ? (
        <Form<TProfileValues>
          form={form}
          name="editProfile"
          layout="vertical"
          initialValues={initialValues(info)}
          onFinish={handleFinish}
          disabled={isSaving}
        >
          <Form.Item label={t('fields.avatar')}>
            <AvatarField
              src={avatar?.preview || session.avatar || info.avatar}
              isPreview={avatar !== null}
              name={session.nickName || session.name}
              error={avatarError}
              progress={progress}
              onPick={(file) => void handlePick(file)}
            />
          </Form.Item>
          <Form.Item
            name="nickname"
            label={t('fields.nickname')}
            rules={rules.nickname}
            validateFirst
          >
            <Input autoComplete="nickname" placeholder={t('placeholders.nickname')} />
          </Form.Item>
          <Form.Item name="gender" label={t('fields.gender')} rules={rules.gender}>
            <Radio.Group>
              {GENDERS.map((gender) => (
                <Radio key={gender} value={gender}>
                  {t(`genders.${gender}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="birthday"
            label={t('fields.birthday')}
            rules={rules.birthday}
            validateFirst
          >
            <DatePicker
              format={BIRTHDAY_FORMAT}
              disabledDate={isOutOfRange}
              placeholder={t('placeholders.birthday')}
              className="edit-profile-dialog__date"
            />
          </Form.Item>
          <Form.Item name="bio" label={t('fields.bio')} rules={rules.bio}>
            <Input.TextArea
              rows={3}
              showCount
              maxLength={LIMITS.bioMax}
              placeholder={t('placeholders.bio')}
            />
          </Form.Item>
          {/* Ours (ADR 0010): favourites are private unless the owner shows them. */}
          <Form.Item
            name="favorPublic"
            label={t('fields.favorPublic')}
            valuePropName="checked"
            extra={t('favorPublicHint')}
          >
            <Switch />
          </Form.Item>
          {/* Ours (ADR 0019): liked works likewise; others get a Liked tab when on. */}
          <Form.Item
            name="likesPublic"
            label={t('fields.likesPublic')}
            valuePropName="checked"
            extra={t('likesPublicHint')}
          >
            <Switch />
          </Form.Item>
        </Form>
      ) : profile.isError ? (
        <div className="edit-profile-dialog__loading" role="alert">
          <p>{t('loadFailed')}</p>
          <Button onClick={() => void profile.refetch()}>{t('common:retry')}</Button>
        </div>
      ) : (
        <div className="edit-profile-dialog__loading" role="status" aria-label={t('loading')}>
          <Spin />
        </div>
      )}
    </Modal>
  );
}
