/** Namespace `auth`: the login, register and bind-username dialogs (zh-CN is the source). */
export default {
  dialogTitle: '欢迎使用',
  fields: {
    account: '用户名或邮箱',
    username: '用户名',
    emailOptional: '邮箱（选填）',
    password: '密码',
    confirm: '确认密码',
  },
  placeholders: {
    account: '请输入用户名或邮箱',
    username: '2–32 位字母、数字、_ . -',
    email: 'name@example.com',
    password: '请输入密码',
    newPassword: '至少 8 位',
    confirm: '请再次输入密码',
  },
  hints: { username: '登录时使用，注册后不能修改' },
  validation: {
    required: '请输入{{field}}',
    usernameLength: '用户名长度需为 {{min}}–{{max}} 个字符',
    usernameChars: '用户名只能包含字母、数字、_ . -',
    email: '邮箱格式不正确',
    passwordShort: '密码至少需要 {{min}} 位',
    passwordLong: '密码不能超过 {{max}} 位',
    confirmMismatch: '两次输入的密码不一致',
  },
  login: { tab: '登录', submit: '登录', success: '登录成功' },
  register: {
    tab: '注册',
    submit: '注册',
    success: '注册成功',
    guestNote: '你作为访客创建的会话、作品和额度会转入新账号。',
  },
  bind: {
    title: '绑定用户名',
    intro: '设置用户名和密码，把当前访客身份升级为正式账号。已有的会话、作品和额度都会保留。',
    submit: '绑定',
    success: '绑定成功',
  },
} as const;
