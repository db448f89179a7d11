import { GiftOutlined, SettingOutlined } from '@ant-design/icons';
import type { sites } from '@atelier/contracts';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/markdown';
import { useLocalized } from '../../lib/localized';
import { isSignedIn, useAuthStore } from '../../stores/auth';

/** The site's own words on where codes come from (its customer-service text), if it has any. */
function useServiceText(): string {
  const local = useLocalized();
  return local(useAuthStore((s) => s.site?.customerService.text)).trim();
}

/**
 * How an admin sets up a gateway. There is no admin console yet, so this dialog gives the
 * steps of docs/payments.md: the public URL, the gateway call, the packages, codes meanwhile.
 */
function GatewaySetupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['pay']);
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={640} title={t('pay:setup.title')}>
      <Markdown text={t('pay:setup.steps')} className="text-sm" />
    </Modal>
  );
}

/**
 * What the pay screen and the purchase dialogs show when no payment gateway takes orders (a
 * fresh install): no package that cannot be bought, but how credits are obtained on this site,
 * led by the redemption code. An admin also sees how to set up a gateway.
 */
export function NoPurchase({
  sources,
  onRedeem,
}: {
  sources: sites.CreditSources | null;
  onRedeem: () => void;
}) {
  const { t } = useTranslation(['pay']);
  const signedIn = useAuthStore(isSignedIn);
  const admin = useAuthStore((s) => s.userInfo?.role === 'admin');
  const service = useServiceText();
  const [setup, setSetup] = useState(false);
  const gift = sources?.registerGift ?? 0;
  const checkin = sources?.dailyCheckin ?? 0;

  return (
    <div className="flex flex-col gap-4" data-testid="no-purchase">
      <div className="flex flex-col gap-2">
        <h2 className="m-0 text-base font-medium text-white/85">{t('pay:sources.title')}</h2>
        <p className="m-0 text-sm leading-relaxed text-white/65">{t('pay:sources.intro')}</p>
        <ul className="m-0 flex list-disc flex-col gap-1 pl-5 text-sm leading-relaxed text-white/75">
          {!signedIn && gift > 0 && <li>{t('pay:sources.signUp', { count: gift })}</li>}
          {checkin > 0 && <li>{t('pay:sources.checkin', { count: checkin })}</li>}
          <li>{t('pay:sources.codes')}</li>
        </ul>
      </div>
      {service && (
        <div className="rounded-lg border border-white/10 bg-white/[0.03] p-3">
          <Markdown text={service} className="text-sm" />
        </div>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          type="primary"
          size="large"
          icon={<GiftOutlined />}
          className="sm:min-w-48"
          onClick={onRedeem}
        >
          {t('pay:dialogs.redeemCode')}
        </Button>
        {!signedIn && gift > 0 && (
          <Button size="large" onClick={() => useAuthStore.getState().openLoginDialog()}>
            {t('pay:signIn')}
          </Button>
        )}
      </div>
      {admin && (
        <Alert
          type="info"
          showIcon
          message={t('pay:setup.note')}
          action={
            <Button size="small" icon={<SettingOutlined />} onClick={() => setSetup(true)}>
              {t('pay:setup.open')}
            </Button>
          }
        />
      )}
      <GatewaySetupDialog open={setup} onClose={() => setSetup(false)} />
    </div>
  );
}
