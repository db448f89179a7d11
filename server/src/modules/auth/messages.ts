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
  siteNotFound: {
    'en-US': 'There is no such site',
    'zh-CN': '没有这个站点',
    'zh-TW': '沒有這個站點',
  },
  mailFromInvalid: {
    'en-US': 'The sender must be an address or "Name <address>"',
    'zh-CN': '发件人须为邮箱地址或“名称 <邮箱地址>”',
    'zh-TW': '寄件人須為郵箱地址或「名稱 <郵箱地址>」',
  },
  mailIncomplete: {
    'en-US': 'Enter the SMTP host and the sender first',
    'zh-CN': '请先填写 SMTP 服务器和发件人',
    'zh-TW': '請先填寫 SMTP 伺服器和寄件人',
  },
  mailOff: {
    'en-US': 'This site does not send mail; sign in with your password',
    'zh-CN': '本站未开启邮件，请使用密码登录',
    'zh-TW': '本站未開啟郵件，請使用密碼登入',
  },
  mailFailed: {
    'en-US': 'The mail could not be sent; please try again later',
    'zh-CN': '邮件发送失败，请稍后再试',
    'zh-TW': '郵件寄送失敗，請稍後再試',
  },
  testMail: {
    'en-US': 'Atelier test mail: the mail settings work',
    'zh-CN': 'Atelier 测试邮件：邮件设置可用',
    'zh-TW': 'Atelier 測試郵件：郵件設定可用',
  },
  codeSent: {
    'en-US': 'A code has been sent; check your mailbox',
    'zh-CN': '验证码已发送，请查收邮件',
    'zh-TW': '驗證碼已寄出，請查收郵件',
  },
  wrongCode: {
    'en-US': 'The code is wrong or has expired',
    'zh-CN': '验证码错误或已过期',
    'zh-TW': '驗證碼錯誤或已過期',
  },
  tooManyCodes: {
    'en-US': 'Too many codes were asked for; please try again in {seconds} s',
    'zh-CN': '获取验证码过于频繁，请 {seconds} 秒后再试',
    'zh-TW': '取得驗證碼過於頻繁，請 {seconds} 秒後再試',
  },
  resetSent: {
    'en-US': 'If an account has this address, a link to set a new password is on its way',
    'zh-CN': '如果该邮箱已注册，重设密码的链接已发送',
    'zh-TW': '如果該郵箱已註冊，重設密碼的連結已寄出',
  },
  resetLinkInvalid: {
    'en-US': 'This link has expired or was already used; ask for a new one',
    'zh-CN': '该链接已过期或已使用，请重新获取',
    'zh-TW': '該連結已過期或已使用，請重新取得',
  },
  passwordReset: {
    'en-US': 'Your new password is set; please sign in',
    'zh-CN': '新密码已设置，请登录',
    'zh-TW': '新密碼已設定，請登入',
  },
  noEmail: {
    'en-US': 'This account has no email address',
    'zh-CN': '该账号没有邮箱',
    'zh-TW': '該帳號沒有郵箱',
  },
  emailVerified: {
    'en-US': 'Email address verified',
    'zh-CN': '邮箱已验证',
    'zh-TW': '郵箱已驗證',
  },
  emailLinkedElsewhere: {
    'en-US': 'This address is linked to another account',
    'zh-CN': '该邮箱已绑定其他账号',
    'zh-TW': '該郵箱已綁定其他帳號',
  },
  emailLinked: {
    'en-US': 'Email address linked',
    'zh-CN': '邮箱已绑定',
    'zh-TW': '郵箱已綁定',
  },
  lastWay: {
    'en-US': 'This is the only way left to sign in to this account; link another way first',
    'zh-CN': '这是该账号仅剩的登录方式，请先绑定其他方式',
    'zh-TW': '這是該帳號僅剩的登入方式，請先綁定其他方式',
  },
  wayUnlinked: {
    'en-US': 'Sign-in way removed',
    'zh-CN': '登录方式已解除',
    'zh-TW': '登入方式已解除',
  },
  passwordAlreadySet: {
    'en-US': 'This account has a password already; change it instead',
    'zh-CN': '该账号已有密码，请修改密码',
    'zh-TW': '該帳號已有密碼，請修改密碼',
  },
  passwordSet: {
    'en-US': 'Password set: you can now sign in with your username or address and it',
    'zh-CN': '密码已设置，现在可以用用户名或邮箱加密码登录',
    'zh-TW': '密碼已設定，現在可以用使用者名稱或郵箱加密碼登入',
  },
  oidcIssuerRefused: {
    'en-US': 'This issuer cannot be used: {reason}',
    'zh-CN': '无法使用该签发者：{reason}',
    'zh-TW': '無法使用該簽發者：{reason}',
  },
  oidcKindFixed: {
    'en-US':
      "A provider's kind (OpenID Connect or GitHub) cannot change: its linked accounts belong to it. Add a new provider instead",
    'zh-CN':
      '提供方的类型（OpenID Connect 或 GitHub）不能更改：已关联的账号属于它。请新增一个提供方',
    'zh-TW':
      '提供方的類型（OpenID Connect 或 GitHub）不能更改：已連結的帳號屬於它。請新增一個提供方',
  },
  oidcSlugTaken: {
    'en-US': 'Another provider of this site has this short name',
    'zh-CN': '本站另一个提供方已使用该简称',
    'zh-TW': '本站另一個提供方已使用該簡稱',
  },
  oidcProviderNotFound: {
    'en-US': 'This sign-in provider is not offered here',
    'zh-CN': '此处不提供该登录方式',
    'zh-TW': '此處不提供該登入方式',
  },
  oidcUnavailable: {
    'en-US': 'The sign-in provider does not answer; please try again later',
    'zh-CN': '登录提供方无响应，请稍后再试',
    'zh-TW': '登入提供方無回應，請稍後再試',
  },
  oidcLinkedElsewhere: {
    'en-US': 'This provider account is linked to another account',
    'zh-CN': '该第三方账号已绑定其他账号',
    'zh-TW': '該第三方帳號已綁定其他帳號',
  },
  oidcTicketInvalid: {
    'en-US': 'This sign-in has expired or was already used; please start again',
    'zh-CN': '本次登录已过期或已使用，请重新开始',
    'zh-TW': '本次登入已過期或已使用，請重新開始',
  },
  oidcEmailUnverified: {
    'en-US':
      'An account has this address but the provider did not verify it: sign in to that account and link the provider in the user centre',
    'zh-CN': '已有账号使用该邮箱，但提供方未验证该邮箱：请登录该账号后在用户中心绑定',
    'zh-TW': '已有帳號使用該郵箱，但提供方未驗證該郵箱：請登入該帳號後在使用者中心綁定',
  },
  oidcLinked: {
    'en-US': 'Sign-in provider linked',
    'zh-CN': '第三方登录已绑定',
    'zh-TW': '第三方登入已綁定',
  },
  captchaRequired: {
    'en-US': 'Too many tries from your network: your browser solves a quick check first',
    'zh-CN': '您的网络尝试次数过多：浏览器需先完成一次快速验证',
    'zh-TW': '您的網路嘗試次數過多：瀏覽器需先完成一次快速驗證',
  },
  codeMailSubject: {
    'en-US': '{code} is your {site} code',
    'zh-CN': '{site} 验证码：{code}',
    'zh-TW': '{site} 驗證碼：{code}',
  },
  codeMailBody: {
    'en-US':
      'Your {site} code is {code}. It works once within {minutes} minutes. If you did not ask for it, ignore this mail.',
    'zh-CN':
      '您的 {site} 验证码是 {code}，{minutes} 分钟内有效，仅可使用一次。如非本人操作，请忽略本邮件。',
    'zh-TW':
      '您的 {site} 驗證碼是 {code}，{minutes} 分鐘內有效，僅可使用一次。如非本人操作，請忽略本郵件。',
  },
  resetMailSubject: {
    'en-US': 'Set a new {site} password',
    'zh-CN': '重设 {site} 密码',
    'zh-TW': '重設 {site} 密碼',
  },
  resetMailBody: {
    'en-US':
      'Open this link within {minutes} minutes to set a new {site} password (it works once): {link} If you did not ask for it, ignore this mail; your password stays as it is.',
    'zh-CN':
      '请在 {minutes} 分钟内打开以下链接设置新的 {site} 密码（仅可使用一次）：{link} 如非本人操作，请忽略本邮件，您的密码不会改变。',
    'zh-TW':
      '請在 {minutes} 分鐘內開啟以下連結設定新的 {site} 密碼（僅可使用一次）：{link} 如非本人操作，請忽略本郵件，您的密碼不會改變。',
  },
  smsOff: {
    'en-US': 'This site does not send text messages; sign in another way',
    'zh-CN': '本站未开启短信，请使用其他方式登录',
    'zh-TW': '本站未開啟簡訊，請使用其他方式登入',
  },
  smsIncomplete: {
    'en-US': 'Enter the key, the secret, the sign name and the template of the SMS provider first',
    'zh-CN': '请先填写短信服务商的密钥 ID、密钥、签名和模板',
    'zh-TW': '請先填寫簡訊服務商的金鑰 ID、金鑰、簽名和範本',
  },
  smsFailed: {
    'en-US': 'The text message could not be sent; please try again later',
    'zh-CN': '短信发送失败，请稍后再试',
    'zh-TW': '簡訊發送失敗，請稍後再試',
  },
  smsLimited: {
    'en-US': 'The SMS provider refuses more messages to this number for now; please try later',
    'zh-CN': '短信服务商暂时限制向该号码发送，请稍后再试',
    'zh-TW': '簡訊服務商暫時限制向該號碼發送，請稍後再試',
  },
  phoneInvalid: {
    'en-US': 'This phone number cannot receive text messages',
    'zh-CN': '该手机号无法接收短信',
    'zh-TW': '該手機號碼無法接收簡訊',
  },
  phoneCodeSent: {
    'en-US': 'A code has been sent; check your text messages',
    'zh-CN': '验证码已发送，请查收短信',
    'zh-TW': '驗證碼已發送，請查收簡訊',
  },
  phoneLinkedElsewhere: {
    'en-US':
      'This phone number is linked to another account; sign in with it, or remove it there first',
    'zh-CN': '该手机号已绑定其他账号，请用它登录，或先在那个账号中解绑',
    'zh-TW': '該手機號碼已綁定其他帳號，請用它登入，或先在那個帳號中解除綁定',
  },
  phoneLinked: {
    'en-US': 'Phone number linked',
    'zh-CN': '手机号已绑定',
    'zh-TW': '手機號碼已綁定',
  },
  unknownWay: {
    'en-US': 'This site has no such way of signing in',
    'zh-CN': '本站没有这种登录方式',
    'zh-TW': '本站沒有這種登入方式',
  },
  wayTwice: {
    'en-US': 'This way of signing in is listed twice',
    'zh-CN': '该登录方式重复出现',
    'zh-TW': '該登入方式重複出現',
  },
  noWayOffered: {
    'en-US': 'Offer at least one way of signing in that works on this site',
    'zh-CN': '请至少提供一种本站可用的登录方式',
    'zh-TW': '請至少提供一種本站可用的登入方式',
  },
  captchaHostedRequired: {
    'en-US': 'Too many tries from your network: please confirm you are a person first',
    'zh-CN': '您的网络尝试次数过多：请先完成人机验证',
    'zh-TW': '您的網路嘗試次數過多：請先完成人機驗證',
  },
  captchaRefused: {
    'en-US': 'The check was not passed or has expired: please do it again',
    'zh-CN': '人机验证未通过或已过期：请重新验证',
    'zh-TW': '人機驗證未通過或已過期：請重新驗證',
  },
  captchaUnavailable: {
    'en-US': 'The check cannot be reached now: please try again in a few minutes',
    'zh-CN': '人机验证服务暂时无法访问：请几分钟后再试',
    'zh-TW': '人機驗證服務暫時無法存取：請幾分鐘後再試',
  },
  captchaIncomplete: {
    'en-US': 'A hosted captcha needs its site key and its secret',
    'zh-CN': '托管验证码需要填写站点密钥（site key）和密钥（secret）',
    'zh-TW': '託管驗證碼需要填寫站點金鑰（site key）和金鑰（secret）',
  },
} satisfies Record<string, Localized>;
