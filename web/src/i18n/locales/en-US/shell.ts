import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/shell';

export default {
  collapse: 'Collapse menu',
  expand: 'Expand menu',
  login: 'Log in / Sign up',
  console: 'Operator console',
  logout: 'Log out',
  logoutSuccess: 'Logged out',
  balance: '{{credits}} credits',
  userCenter: 'User centre',
  accountMenu: 'Account menu of {{name}}',
  loading: 'Loading…',
  navigation: 'Main navigation',
  skipToContent: 'Skip to content',
  siteQrCode: 'QR code of this site’s address',
  launcherTitle: 'Start creating',
  launcherHint: 'Pick a tool to begin',
  notFoundTitle: 'Page not found',
  notFoundText: 'The page you asked for does not exist or has moved.',
  serverErrorTitle: 'The page failed to load',
  serverErrorText:
    'The network or the service is unavailable for now. You will return home as soon as it is back; or scan the code to continue on your phone.',
  backHome: 'Back home',
  comingTitle: 'Coming soon',
  soon: 'Soon',
  update: {
    title: 'Update available',
    ok: 'Update',
    later: 'Later',
    versions: 'Version {{from}} → {{to}}',
    date: 'Released: {{date}}',
  },
} satisfies LocaleShape<typeof zhCN>;
