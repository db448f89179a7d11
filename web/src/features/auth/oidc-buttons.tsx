import { LoginOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { goToProvider } from './oidc-return';
import { useOfferedWays } from './offered-ways';

/** "Sign in with …" each OpenID Connect provider the site offers, in the operator's order. */
export function OidcButtons() {
  const { t } = useTranslation(['auth']);
  const providers = useOfferedWays((s) => s.oidc);
  const [going, setGoing] = useState<string | null>(null);
  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="oidc-buttons">
      <Divider plain className="!my-3 text-xs text-white/40">
        {t('auth:oidc.or')}
      </Divider>
      {providers.map((p) => (
        <Button
          key={p.slug}
          block
          icon={<LoginOutlined />}
          loading={going === p.slug}
          onClick={() => {
            setGoing(p.slug);
            goToProvider(p.slug).catch(() => setGoing(null));
          }}
        >
          {t('auth:oidc.signInWith', { provider: p.name })}
        </Button>
      ))}
    </div>
  );
}
