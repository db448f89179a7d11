import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/dialogs';

export default {
  loadFailed: 'Could not load this, please try again later',
  retry: 'Retry',
  notice: {
    close: 'Close',
    title: 'Notice',
    notToday: "Don't show again today",
    ok: 'Got it',
  },
  faq: { title: 'Frequent questions', empty: 'No frequent questions yet' },
  about: { title: 'About {{name}}', empty: 'This site has no introduction yet' },
  contact: {
    title: 'Contact us',
    serviceTitle: 'Customer service',
    empty: 'This site has no contact details yet',
    qrAlt: 'QR code',
  },
  ad: { title: 'Recommended' },
} satisfies LocaleShape<typeof zhCN>;
