import type { PaymentGateway } from './gateway.js';

/** Paid outside any gateway (bank transfer, cash): an admin marks the order paid. */
export const manualGateway = (): PaymentGateway => ({
  name: 'manual',
  currencies: null,
  async create() {
    return {};
  },
  async query() {
    return { paid: false };
  },
  async verifyNotification() {
    return { ok: false, reason: 'manual payments have no notifications' };
  },
  acknowledge(ok) {
    return {
      status: ok ? 200 : 400,
      contentType: 'text/plain; charset=utf-8',
      body: ok ? 'ok' : 'fail',
    };
  },
});
