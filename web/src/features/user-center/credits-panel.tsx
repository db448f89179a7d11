import { CrownOutlined, GiftOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDialogs } from '../../stores/dialogs';
import { CheckinCard } from './checkin-card';
import { CreditLogs } from './credit-logs';

/** The credits tab: buy, join, or redeem, daily check-in with its calendar, recharge and usage logs. */
export function CreditsPanel() {
  const { t } = useTranslation(['user']);
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <Button
          size="large"
          icon={<CrownOutlined />}
          onClick={() => useDialogs.getState().open('joinMember')}
        >
          {t('user:credits.member')}
        </Button>
        <Button
          size="large"
          icon={<GiftOutlined />}
          onClick={() => useDialogs.getState().open('redemption')}
        >
          {t('user:credits.redeem')}
        </Button>
        <Button
          type="primary"
          size="large"
          className="max-sm:col-span-2 max-sm:row-start-1"
          icon={<ShoppingCartOutlined />}
          onClick={() => void navigate('/pay')}
        >
          {t('user:credits.buy')}
        </Button>
      </div>
      <CheckinCard />
      <CreditLogs />
    </div>
  );
}
