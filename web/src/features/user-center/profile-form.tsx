import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { UserInfo } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { useFieldForm } from '../../lib/field-form';
import { notify } from '../../lib/notify';
import { useAuthStore } from '../../stores/auth';
import { updateProfile } from './user-api';
import { UserAvatar } from './user-avatar';
import {
  AVATAR_MAX,
  NICKNAME_MAX,
  PERSONA_MAX,
  SIGN_MAX,
  isAvatarLink,
  profileChanges,
  validateProfile,
  type ProfileValues,
} from './validation';

const valuesOf = (info: UserInfo): ProfileValues => ({
  avatar: info.avatar,
  nickname: info.nickname,
  sign: info.sign,
  personaRole: info.personaRole,
});

/** Personal info: avatar link (previewed), name, sign and persona role, saved with `/user/update`. */
export function ProfileForm({ userInfo }: { userInfo: UserInfo }) {
  const { t } = useTranslation(['user', 'common']);
  const before = valuesOf(userInfo);
  const form = useFieldForm(before, validateProfile);
  const changes = profileChanges(before, form.values);
  const dirty = Object.keys(changes).length > 0;
  const avatar = form.values.avatar.trim();

  const save = () =>
    form.submit(async () => {
      const info = await updateProfile(changes);
      useAuthStore.setState({ userInfo: info });
      form.setValues(valuesOf(info));
      notify.success(t('common:success.save'));
    });

  const fields = {
    avatar: form.field('avatar'),
    nickname: form.field('nickname'),
    sign: form.field('sign'),
    personaRole: form.field('personaRole'),
  };
  return (
    <Form layout="vertical" onFinish={save} requiredMark={false} className="pt-2">
      <Form.Item label={t('user:profile.avatar')} htmlFor="profile-avatar" {...fields.avatar.item}>
        <div className="flex items-center gap-3">
          <UserAvatar
            src={avatar && isAvatarLink(avatar) ? avatar : ''}
            name={form.values.nickname}
            size={48}
          />
          <Input
            id="profile-avatar"
            placeholder="https://…"
            maxLength={AVATAR_MAX}
            inputMode="url"
            {...fields.avatar.input}
          />
        </div>
      </Form.Item>
      <Form.Item
        label={t('user:profile.nickname')}
        htmlFor="profile-nickname"
        {...fields.nickname.item}
      >
        <Input
          id="profile-nickname"
          maxLength={NICKNAME_MAX}
          showCount
          {...fields.nickname.input}
        />
      </Form.Item>
      <Form.Item label={t('user:profile.sign')} htmlFor="profile-sign" {...fields.sign.item}>
        <Input
          id="profile-sign"
          placeholder={t('user:profile.signPlaceholder')}
          maxLength={SIGN_MAX}
          showCount
          {...fields.sign.input}
        />
      </Form.Item>
      <Form.Item
        label={t('user:profile.personaRole')}
        htmlFor="profile-persona"
        extra={fields.personaRole.item.help ? undefined : t('user:profile.personaRoleNote')}
        {...fields.personaRole.item}
      >
        <Input.TextArea
          id="profile-persona"
          placeholder={t('user:profile.personaRolePlaceholder')}
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={PERSONA_MAX}
          showCount
          {...fields.personaRole.input}
        />
      </Form.Item>
      <div className="flex gap-2 sm:justify-end">
        <Button onClick={() => form.setValues(before)} disabled={!dirty || form.submitting}>
          {t('user:profile.undo')}
        </Button>
        <Button type="primary" htmlType="submit" loading={form.submitting} disabled={!dirty}>
          {t('user:save')}
        </Button>
      </div>
    </Form>
  );
}
