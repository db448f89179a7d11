import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/auth';

export default {
  dialogTitle: '歡迎使用',
  fields: {
    account: '使用者名稱或信箱',
    username: '使用者名稱',
    emailOptional: '信箱（選填）',
    password: '密碼',
    confirm: '確認密碼',
  },
  placeholders: {
    account: '請輸入使用者名稱或信箱',
    username: '2–32 位字母、數字、_ . -',
    email: 'name@example.com',
    password: '請輸入密碼',
    newPassword: '至少 8 位',
    confirm: '請再次輸入密碼',
  },
  hints: { username: '登入時使用，註冊後不能修改' },
  validation: {
    required: '請輸入{{field}}',
    usernameLength: '使用者名稱長度需為 {{min}}–{{max}} 個字元',
    usernameChars: '使用者名稱只能包含字母、數字、_ . -',
    email: '信箱格式不正確',
    passwordShort: '密碼至少需要 {{min}} 位',
    passwordLong: '密碼不能超過 {{max}} 位',
    confirmMismatch: '兩次輸入的密碼不一致',
  },
  login: { tab: '登入', submit: '登入', success: '登入成功' },
  register: {
    tab: '註冊',
    submit: '註冊',
    success: '註冊成功',
    guestNote: '你以訪客身分建立的會話、作品和額度會轉入新帳號。',
  },
  bind: {
    title: '綁定使用者名稱',
    intro: '設定使用者名稱和密碼，把目前的訪客身分升級為正式帳號。已有的會話、作品和額度都會保留。',
    submit: '綁定',
    success: '綁定成功',
  },
} satisfies LocaleShape<typeof zhCN>;
