import { LoginOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { goToProvider } from './oidc-return';
import { useOfferedWays } from './offered-ways';

/** "Sign in with …" one provider (OpenID Connect or OAuth) the site offers. */
export function OidcButton({ slug, name }: { slug: string; name: string }) {
  const { t } = useTranslation(['auth']);
  const [going, setGoing] = useState(false);
  return (
    <Button
      block
      icon={<LoginOutlined />}
      loading={going}
      data-testid={`oidc-${slug}`}
      onClick={() => {
        setGoing(true);
        goToProvider(slug).catch(() => setGoing(false));
      }}
    >
      {t('auth:oidc.signInWith', { provider: name })}
    </Button>
  );
}

/** "Sign in with …" each provider the site offers, in the site's order. */
export function OidcButtons() {
  const { t } = useTranslation(['auth']);
  const providers = useOfferedWays((s) => s.oidc);
  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="oidc-buttons">
      <Divider plain className="!my-3 text-xs text-white/40">
        {t('auth:oidc.or')}
      </Divider>
      {providers.map((p) => (
        <OidcButton key={p.slug} slug={p.slug} name={p.name} />
      ))}
    </div>
  );
}
