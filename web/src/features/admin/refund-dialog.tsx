import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { payments as P } from '@atelier/contracts';
import { useAdminMutation } from './admin-api';

/**
 * Refunds a paid order to credits after asking why (the reason is required and goes into the
 * user's ledger). The server refunds once; a second try is told by the client's error handler.
 */
export function RefundDialog(props: { order: P.AdminOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const refund = useAdminMutation(P.adminRefundOrder);
  const [form] = Form.useForm<{ reason: string }>();
  const order = props.order;
  return (
    <Modal
      open={order !== null}
      title={order ? t('admin:money.refundTitle', { orderNo: order.orderNo }) : ''}
      okText={t('admin:money.refund')}
      okButtonProps={{ danger: true }}
      cancelText={t('admin:form.cancel')}
      confirmLoading={refund.isPending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('admin:money.refundHint', { credits: order?.credits ?? 0 })}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) =>
          order &&
          refund.mutate({ id: order.id, reason: v.reason }, { onSuccess: () => props.onClose() })
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
