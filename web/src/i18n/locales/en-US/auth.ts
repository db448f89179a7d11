import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/auth';

export default {
  dialogTitle: 'Welcome',
  fields: {
    email: 'Email',
    code: 'Code',
    newPassword: 'New password',
    account: 'Username or email',
    username: 'Username',
    emailOptional: 'Email (optional)',
    password: 'Password',
    confirm: 'Confirm password',
  },
  placeholders: {
    code: '6 digits',
    account: 'Your username or email',
    username: '2–32 letters, digits, _ . -',
    email: 'name@example.com',
    password: 'Your password',
    newPassword: 'At least 8 characters',
    confirm: 'Type the password again',
  },
  hints: { username: 'You sign in with it; it cannot be changed later' },
  validation: {
    code: 'The code is the 6 digits from the mail',
    required: '{{field}} is required',
    usernameLength: 'The username must be {{min}}–{{max}} characters long',
    usernameChars: 'The username may only contain letters, digits, _ . -',
    email: 'The email address is not valid',
    passwordShort: 'The password needs at least {{min}} characters',
    passwordLong: 'The password may have at most {{max}} characters',
    confirmMismatch: 'The two passwords do not match',
  },
  login: { tab: 'Sign in', submit: 'Sign in', success: 'Signed in', forgot: 'Forgot password?' },
  register: {
    tab: 'Sign up',
    submit: 'Sign up',
    success: 'Your account is ready',
    guestNote: 'The chats, works and credits you made as a guest move to the new account.',
  },
  oidc: {
    or: 'or',
    signInWith: 'Sign in with {{provider}}',
    linked: 'Sign-in provider linked',
    denied: 'Sign-in was cancelled at the provider',
    failed: 'The provider could not sign you in; please try again',
    consentTitle: 'Link {{provider}} to your account?',
    consentText:
      'An account here has the address {{email}}, which {{provider}} verified. Link {{provider}} to that account and sign in to it?',
    consentYes: 'Link and sign in',
    consentNo: 'Cancel',
  },
  emailCode: {
    tab: 'Email code',
    intro: 'We mail you a 6-digit code. A new address gets a new account.',
    send: 'Send code',
    resendIn: 'Again in {{seconds}} s',
    sent: 'Code sent; check your mailbox',
    submit: 'Sign in',
  },
  forgot: {
    title: 'Forgot password',
    intro: 'Enter the email address of your account; we mail you a link to set a new password.',
    submit: 'Mail me a link',
    sentTitle: 'Check your mailbox',
    sent: 'If an account has {{email}}, a link to set a new password is on its way. It works once, within 30 minutes.',
    back: 'Back to sign in',
  },
  reset: {
    title: 'Set a new password',
    intro: 'Choose a new password. Every device signed in to your account will be signed out.',
    submit: 'Set password',
    success: 'Your new password is set; please sign in',
  },
  bind: {
    title: 'Bind a username',
    intro:
      'Choose a username and password to turn this guest visit into a real account. Your chats, works and credits stay.',
    submit: 'Bind',
    success: 'Username bound',
  },
} satisfies LocaleShape<typeof zhCN>;
