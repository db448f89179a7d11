import type { Localized } from '../../http/messages.js';

/** Texts of the accounts module, in each interface language. */
export const authMessages = {
  notYourself: {
    'en-US': 'You cannot do this to the account you are signed in with',
    'zh-CN': '不能对当前登录的账号执行此操作',
    'zh-TW': '不能對目前登入的帳號執行此操作',
  },
  usernameTaken: {
    'en-US': 'This username is already taken',
    'zh-CN': '该用户名已被使用',
    'zh-TW': '該使用者名稱已被使用',
  },
  emailTaken: {
    'en-US': 'This email address is already registered',
    'zh-CN': '该邮箱已被注册',
    'zh-TW': '該郵箱已被註冊',
  },
  wrongCredentials: {
    'en-US': 'Wrong username or password',
    'zh-CN': '用户名或密码错误',
    'zh-TW': '使用者名稱或密碼錯誤',
  },
  wrongOldPassword: {
    'en-US': 'The current password is wrong',
    'zh-CN': '当前密码错误',
    'zh-TW': '目前密碼錯誤',
  },
  tooManyTries: {
    'en-US': 'Too many wrong passwords for this account; please try again in {seconds} s',
    'zh-CN': '该账号密码错误次数过多，请 {seconds} 秒后再试',
    'zh-TW': '該帳號密碼錯誤次數過多，請 {seconds} 秒後再試',
  },
  accountDisabled: {
    'en-US': 'This account has been disabled',
    'zh-CN': '该账号已被停用',
    'zh-TW': '該帳號已被停用',
  },
  registered: {
    'en-US': 'Welcome! Your account is ready',
    'zh-CN': '注册成功',
    'zh-TW': '註冊成功',
  },
  signedIn: { 'en-US': 'Signed in', 'zh-CN': '登录成功', 'zh-TW': '登入成功' },
  signedOut: { 'en-US': 'Signed out', 'zh-CN': '已退出登录', 'zh-TW': '已登出' },
  signupTooSoon: {
    'en-US': 'Many accounts were made from your network today; please try again in {seconds} s',
    'zh-CN': '今天您的网络已注册了很多账号，请 {seconds} 秒后再试',
    'zh-TW': '今天您的網路已註冊了很多帳號，請 {seconds} 秒後再試',
  },
  avatarUnusable: {
    'en-US':
      'This avatar cannot be used ({reason}); give an https:// link to a picture or one of your pictures here',
    'zh-CN': '无法使用该头像（{reason}），请填写图片的 https:// 链接或您在本站的图片',
    'zh-TW': '無法使用該頭像（{reason}），請填寫圖片的 https:// 連結或您在本站的圖片',
  },
  profileSaved: { 'en-US': 'Profile saved', 'zh-CN': '资料已保存', 'zh-TW': '資料已儲存' },
  passwordChanged: {
    'en-US': 'Password changed, please sign in again',
    'zh-CN': '密码已修改，请重新登录',
    'zh-TW': '密碼已修改，請重新登入',
  },
  deviceNotFound: {
    'en-US': 'There is no such login device',
    'zh-CN': '没有这个登录设备',
    'zh-TW': '沒有這個登入裝置',
  },
  deviceSignedOut: {
    'en-US': 'The device has been signed out',
    'zh-CN': '该设备已退出登录',
    'zh-TW': '該裝置已登出',
  },
} satisfies Record<string, Localized>;
