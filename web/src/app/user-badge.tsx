import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PopoverMenu } from '../components/popover-menu';
import { isSignedIn, useAuthStore } from '../stores/auth';
import { Glyph } from '../components/glyph';

function UserAvatar({ src, name }: { src: string; name: string }) {
  return src ? (
    <img src={src} alt="" className="h-7 w-7 shrink-0 rounded-full object-cover" />
  ) : (
    <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-[var(--accent)]/30 text-xs font-semibold uppercase text-white">
      {name.slice(0, 1) || <Glyph icon={UserOutlined} />}
    </span>
  );
}

/** The header's user badge: avatar, name and balance, or the login button for guests. */
export function UserBadge({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useAuthStore(isSignedIn);
  const userInfo = useAuthStore((s) => s.userInfo);
  const credits = useAuthStore((s) => s.userBalance?.credits ?? s.userInfo?.userBalance.credits);
  if (!signedIn || !userInfo) {
    return (
      <button
        type="button"
        data-testid="login-button"
        className="min-h-10 cursor-pointer whitespace-nowrap rounded-lg border-0 bg-[var(--accent)] px-4 text-sm font-medium text-white transition-opacity hover:opacity-90"
        onClick={() => useAuthStore.getState().openLoginDialog()}
      >
        {t('shell:login')}
      </button>
    );
  }
  const name = userInfo.nickname || userInfo.username || '';
  return (
    <PopoverMenu
      items={[
        { key: 'center', icon: <Glyph icon={UserOutlined} />, label: t('shell:userCenter') },
        // An admin reaches the operator console from their own menu.
        ...(userInfo.role === 'admin'
          ? [{ key: 'admin', icon: <Glyph icon={SettingOutlined} />, label: t('shell:console') }]
          : []),
        {
          key: 'logout',
          icon: <Glyph icon={LogoutOutlined} />,
          label: t('shell:logout'),
          danger: true,
        },
      ]}
      onSelect={(key) => {
        if (key === 'center') navigate('/user-center');
        else if (key === 'admin') navigate('/admin');
        else void useAuthStore.getState().logout();
      }}
      trigger={(props) => (
        <button
          type="button"
          {...props}
          // Compact, the badge shows only the avatar's letter: the name says whose menu it is.
          aria-label={compact ? t('shell:accountMenu', { name }) : undefined}
          data-testid="user-badge"
          className="flex min-h-10 max-w-[220px] cursor-pointer items-center gap-2 rounded-md border-0 bg-transparent px-2 text-left text-white/85 hover:bg-white/5"
        >
          <UserAvatar src={userInfo.avatar} name={name} />
          {!compact && (
            <span className="flex min-w-0 flex-col leading-tight">
              <span className="truncate text-sm font-medium" data-testid="user-name">
                {name}
              </span>
              {credits !== undefined && (
                <span className="truncate text-xs text-white/50">
                  {t('shell:balance', { credits })}
                </span>
              )}
            </span>
          )}
        </button>
      )}
    />
  );
}
