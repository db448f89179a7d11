import { GiftOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { balanceChanged } from '../../stores/balance';
import { useDialogs } from '../../stores/dialogs';
import { redeemCode } from './pay-data';
import { useSheetProps } from './purchase-dialog';
import { checkRedeemCode } from './redeem-code';

/**
 * The redemption-code dialog (flag `redemption`): `POST /balance/changeToken`. Success shows
 * what was added and refreshes the balance; a wrong, used or expired code and the rate limit
 * show the server's message under the field, and the code typed stays.
 */
export default function RedemptionDialog() {
  const { t } = useTranslation(['pay']);
  const open = useDialogs((s) => s.flags.redemption);
  const sheet = useSheetProps();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const redeem = useMutation({
    mutationFn: redeemCode,
    onSuccess: (data) => void balanceChanged(data.balance),
    onError: (error) =>
      setFieldError(error instanceof ApiError ? error.message : String(error.message)),
  });
  const close = () => {
    useDialogs.getState().close('redemption');
    if (redeem.isSuccess) {
      setCode('');
      redeem.reset();
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkRedeemCode(code);
    if (problem) {
      setFieldError(
        problem === 'required'
          ? t('pay:redeem.required')
          : problem === 'tooShort'
            ? t('pay:redeem.tooShort')
            : t('pay:redeem.invalid'),
      );
      return;
    }
    setFieldError(null);
    redeem.mutate(code.trim());
  };
  const balance = redeem.data?.balance.credits;

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      width={440}
      title={t('pay:redeem.title')}
      {...sheet}
    >
      {redeem.isSuccess ? (
        <div data-testid="redeem-success">
          <Result
            status="success"
            title={t('pay:redeem.successTitle')}
            subTitle={
              <span className="flex flex-col gap-1">
                {redeem.data.credits > 0 && (
                  <span>{t('pay:redeem.successCredits', { count: redeem.data.credits })}</span>
                )}
                {redeem.data.vipDays > 0 && (
                  <span>{t('pay:redeem.successVip', { count: redeem.data.vipDays })}</span>
                )}
                {balance !== undefined && (
                  <span>{t('pay:redeem.balance', { credits: balance })}</span>
                )}
              </span>
            }
            extra={[
              <Button
                key="again"
                onClick={() => {
                  setCode('');
                  redeem.reset();
                }}
              >
                {t('pay:redeem.another')}
              </Button>,
              <Button key="done" type="primary" onClick={close}>
                {t('pay:redeem.done')}
              </Button>,
            ]}
          />
        </div>
      ) : (
        <form className="flex flex-col gap-4 pt-2" onSubmit={submit} noValidate>
          <p className="m-0 text-sm leading-relaxed text-white/60">{t('pay:redeem.intro')}</p>
          <label className="flex flex-col gap-2">
            <span className="text-sm text-white/75">{t('pay:redeem.label')}</span>
            <Input
              size="large"
              prefix={<GiftOutlined className="text-white/55" />}
              value={code}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              placeholder={t('pay:redeem.placeholder')}
              status={fieldError ? 'error' : undefined}
              aria-invalid={!!fieldError}
              aria-describedby={fieldError ? 'redeem-error' : undefined}
              onChange={(e) => {
                setCode(e.target.value);
                if (fieldError) setFieldError(null);
              }}
            />
            {fieldError && (
              <span id="redeem-error" role="alert" className="text-sm text-[#ff7875]">
                {fieldError}
              </span>
            )}
          </label>
          <Button type="primary" size="large" htmlType="submit" loading={redeem.isPending} block>
            {t('pay:redeem.submit')}
          </Button>
        </form>
      )}
    </Modal>
  );
}
