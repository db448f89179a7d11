import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/auth';

export default {
  dialogTitle: 'Welcome',
  fields: {
    account: 'Username or email',
    username: 'Username',
    emailOptional: 'Email (optional)',
    password: 'Password',
    confirm: 'Confirm password',
  },
  placeholders: {
    account: 'Your username or email',
    username: '2–32 letters, digits, _ . -',
    email: 'name@example.com',
    password: 'Your password',
    newPassword: 'At least 8 characters',
    confirm: 'Type the password again',
  },
  hints: { username: 'You sign in with it; it cannot be changed later' },
  validation: {
    required: '{{field}} is required',
    usernameLength: 'The username must be {{min}}–{{max}} characters long',
    usernameChars: 'The username may only contain letters, digits, _ . -',
    email: 'The email address is not valid',
    passwordShort: 'The password needs at least {{min}} characters',
    passwordLong: 'The password may have at most {{max}} characters',
    confirmMismatch: 'The two passwords do not match',
  },
  login: { tab: 'Sign in', submit: 'Sign in', success: 'Signed in' },
  register: {
    tab: 'Sign up',
    submit: 'Sign up',
    success: 'Your account is ready',
    guestNote: 'The chats, works and credits you made as a guest move to the new account.',
  },
  bind: {
    title: 'Bind a username',
    intro:
      'Choose a username and password to turn this guest visit into a real account. Your chats, works and credits stay.',
    submit: 'Bind',
    success: 'Username bound',
  },
} satisfies LocaleShape<typeof zhCN>;
