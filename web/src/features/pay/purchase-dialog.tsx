import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../components/use-is-mobile';
import { useDialogs, type DialogName } from '../../stores/dialogs';
import { useCanPurchase } from './pay-data';
import { PurchasePanel } from './purchase-panel';

export type PurchaseFlag = Extract<DialogName, 'payment' | 'goods' | 'passiveGoods' | 'joinMember'>;

/** Full-width sheets on phones, a centred dialog elsewhere. */
export function useSheetProps() {
  const mobile = useIsMobile();
  return mobile
    ? {
        width: '100vw',
        style: { top: 0, margin: 0, maxWidth: '100vw', paddingBottom: 0 },
        styles: { content: { minHeight: '100dvh', borderRadius: 0 } },
      }
    : { centered: true };
}

/**
 * The purchase dialogs, one component by flag: `payment` and `goods` (the music index) buy
 * credits, `passiveGoods` opened because credits ran out and says so, `joinMember` lists the
 * packages that carry VIP days. All of them are the pay screen's panel.
 */
export default function PurchaseDialog({ flag }: { flag: PurchaseFlag }) {
  const { t } = useTranslation(['pay']);
  const open = useDialogs((s) => s.flags[flag]);
  const close = () => useDialogs.getState().close(flag);
  const sheet = useSheetProps();
  const canPurchase = useCanPurchase();
  const title =
    flag === 'passiveGoods'
      ? t('pay:dialogs.passiveTitle')
      : flag === 'joinMember'
        ? t('pay:dialogs.memberTitle')
        : flag === 'goods'
          ? t('pay:dialogs.goodsTitle')
          : t('pay:dialogs.purchaseTitle');
  const redeem = () => {
    close();
    useDialogs.getState().open('redemption');
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      width={760}
      title={title}
      destroyOnHidden
      {...sheet}
    >
      <div className="flex flex-col gap-4 pt-2">
        {flag === 'passiveGoods' && (
          <Alert
            type="warning"
            showIcon
            message={
              canPurchase === false
                ? t('pay:dialogs.passiveReasonNoShop')
                : t('pay:dialogs.passiveReason')
            }
          />
        )}
        {flag === 'joinMember' && (
          <p className="m-0 text-sm leading-relaxed text-white/60">
            {t('pay:dialogs.memberIntro')}
          </p>
        )}
        <PurchasePanel
          onlyVip={flag === 'joinMember'}
          emptyText={flag === 'joinMember' ? t('pay:dialogs.memberEmpty') : undefined}
          onDone={close}
          onRedeem={redeem}
          footer={
            <Button type="link" onClick={redeem}>
              {t('pay:dialogs.redeemCode')}
            </Button>
          }
        />
      </div>
    </Modal>
  );
}
