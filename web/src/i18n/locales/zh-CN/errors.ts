/** Namespace `errors`: the spec's error catalogue and validation texts. */
export default {
  requestError: '请求接口错误',
  pleaseLogin: '请先登录',
  generic: '出了点问题，请稍后再试',
  unauthorized: '未经授权，请先验证',
  network: '网络连接失败，请检查网络后重试',
  timeout: '请求超时，请稍后再试',
  exportFailed: '导出失败',
  importFailed: '请检查网络状态与 JSON 文件有效性',
  failed: '失败',
  keyMismatch: '键值不匹配',
  titleDuplicate: '标题重复，请重新输入',
  contentDuplicate: '内容重复：{{msg}}，请重新输入',
  importSourceWarning: '注意：请检查 JSON 文件来源！',
} as const;
