import { Button, Form, Input, Modal, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payments as P } from '@atelier/contracts/full';
import { useAdminMutation } from './admin-api';

/**
 * Refunds a paid order to credits after asking why (the reason is required and goes into the
 * user's ledger), then asking once more, naming the credits and the user, before it is sent. The
 * server refunds once; a second try is told by the client's error handler.
 */
export function RefundDialog(props: { order: P.AdminOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const refund = useAdminMutation(P.adminRefundOrder);
  const [form] = Form.useForm<{ reason: string }>();
  const order = props.order;
  // The reason is valid and the last question is showing.
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setConfirming(false);
    props.onClose();
  };
  return (
    <Modal
      open={order !== null}
      title={order ? t('admin:money.refundTitle', { orderNo: order.orderNo }) : ''}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t('admin:form.cancel')}
        </Button>,
        <Popconfirm
          key="ok"
          open={confirming}
          title={t('admin:money.refundConfirm', {
            count: order?.credits ?? 0,
            userId: order?.userId ?? 0,
          })}
          okText={t('admin:money.refund')}
          okButtonProps={{ danger: true }}
          cancelText={t('admin:form.cancel')}
          onConfirm={() => {
            setConfirming(false);
            form.submit();
          }}
          onCancel={() => setConfirming(false)}
        >
          <Button
            danger
            type="primary"
            loading={refund.isPending}
            onClick={() =>
              void form.validateFields().then(
                () => setConfirming(true),
                () => {},
              )
            }
          >
            {t('admin:money.refund')}
          </Button>
        </Popconfirm>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        {t('admin:money.refundHint', { credits: order?.credits ?? 0 })}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) =>
          order && refund.mutate({ id: order.id, reason: v.reason }, { onSuccess: close })
        }
      >
        <Form.Item
          name="reason"
          label={t('admin:money.refundReason')}
          rules={[
            { required: true, whitespace: true, message: t('admin:money.refundReasonRequired') },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
