import type { Localized } from '../../http/messages.js';

/** Every text the chat module shows a user, in the three interface languages. */
export const texts = {
  noFile: {
    'en-US': 'Send one file in the field "file"',
    'zh-CN': '请在字段 "file" 中发送一个文件',
    'zh-TW': '請在欄位 "file" 中傳送一個檔案',
  },
  badForm: {
    'en-US': 'The upload could not be read',
    'zh-CN': '无法读取上传内容',
    'zh-TW': '無法讀取上傳內容',
  },
  fileTooLarge: {
    'en-US': 'The file is larger than {max} MB',
    'zh-CN': '文件超过 {max} MB',
    'zh-TW': '檔案超過 {max} MB',
  },
  fileNotTaken: {
    'en-US':
      'This kind of file cannot be read: attach PDF, DOCX, XLSX, PPTX, CSV, text, Markdown or source files',
    'zh-CN': '无法读取这种文件：请附加 PDF、DOCX、XLSX、PPTX、CSV、文本、Markdown 或源代码文件',
    'zh-TW': '無法讀取這種檔案：請附加 PDF、DOCX、XLSX、PPTX、CSV、文字、Markdown 或原始碼檔案',
  },
  fileUnreadable: {
    'en-US': 'The file could not be opened ({reason})',
    'zh-CN': '无法打开该文件（{reason}）',
    'zh-TW': '無法開啟該檔案（{reason}）',
  },
  chatFileNotFound: {
    'en-US': 'No such attached file',
    'zh-CN': '没有这个附件',
    'zh-TW': '沒有這個附件',
  },
  groupNotFound: { 'en-US': 'No such chat', 'zh-CN': '没有这个对话', 'zh-TW': '沒有這個對話' },
  logNotFound: { 'en-US': 'No such message', 'zh-CN': '没有这条消息', 'zh-TW': '沒有這條訊息' },
  modelNotFound: {
    'en-US': 'This model is not available',
    'zh-CN': '该模型不可用',
    'zh-TW': '該模型不可用',
  },
  notAllowed: {
    'en-US': 'This model is not open to your account',
    'zh-CN': '该模型未向你的账户开放',
    'zh-TW': '該模型未向你的帳戶開放',
  },
  vipOnly: {
    'en-US': 'This model is for members only',
    'zh-CN': '该模型仅限会员使用',
    'zh-TW': '該模型僅限會員使用',
  },
  limitsUnreachable: {
    'en-US':
      'Answers cannot start for a moment (a shared service is unreachable); try again shortly',
    'zh-CN': '暂时无法开始回答（共享服务不可达），请稍后再试',
    'zh-TW': '暫時無法開始回答（共享服務不可達），請稍後再試',
  },
  tooManyChats: {
    'en-US': 'You already have {limit} answers being written; wait for one to finish',
    'zh-CN': '你已有 {limit} 个回答在生成中，请等待完成后再试',
    'zh-TW': '你已有 {limit} 個回答在生成中，請等待完成後再試',
  },
  groupRequired: {
    'en-US': 'Choose or start a chat first',
    'zh-CN': '请先选择或新建一个对话',
    'zh-TW': '請先選擇或新建一個對話',
  },
  appNotFound: {
    'en-US': 'This app does not exist or is not available to you',
    'zh-CN': '该应用不存在或你无权使用',
    'zh-TW': '該應用不存在或你無權使用',
  },
  notAChatModel: {
    'en-US': '{name} is not a chat model; choose a chat model',
    'zh-CN': '{name} 不是对话模型，请选择对话模型',
    'zh-TW': '{name} 不是對話模型，請選擇對話模型',
  },
  modelRequired: {
    'en-US': 'Choose a model',
    'zh-CN': '请选择模型',
    'zh-TW': '請選擇模型',
  },
  noVision: {
    'en-US': 'This model cannot read images; choose a vision model',
    'zh-CN': '该模型不支持识图，请选择支持图片的模型',
    'zh-TW': '該模型不支援識圖，請選擇支援圖片的模型',
  },
  urlNotAllowed: {
    'en-US':
      'This address is not allowed ({reason}). For security, endpoints on this server or a private network (localhost, 192.168.…) are refused; use a public address such as https://llm.example.com/v1.',
    'zh-CN':
      '不允许使用该地址（{reason}）。出于安全考虑，本机或内网地址（localhost、192.168.… 等）会被拒绝，请使用公网地址，例如 https://llm.example.com/v1。',
    'zh-TW':
      '不允許使用該位址（{reason}）。基於安全考量，本機或內網位址（localhost、192.168.… 等）會被拒絕，請使用公開位址，例如 https://llm.example.com/v1。',
  },
  imageUrlNotAllowed: {
    'en-US':
      'This picture address cannot be used ({reason}). Attach a picture you uploaded, or give a public http(s) address.',
    'zh-CN': '无法使用该图片地址（{reason}）。请附上您上传的图片，或提供公网 http(s) 地址。',
    'zh-TW': '無法使用該圖片位址（{reason}）。請附上您上傳的圖片，或提供公開的 http(s) 位址。',
  },
  pictureUnavailable: {
    'en-US': 'This picture cannot be shown ({reason})',
    'zh-CN': '无法显示这张图片（{reason}）',
    'zh-TW': '無法顯示這張圖片（{reason}）',
  },
  keyRequired: {
    'en-US': 'Enter the API key',
    'zh-CN': '请输入 API 密钥',
    'zh-TW': '請輸入 API 金鑰',
  },
  newChat: { 'en-US': 'New chat', 'zh-CN': '新对话', 'zh-TW': '新對話' },
  upstreamFailed: {
    'en-US': 'The answer failed and nothing was charged. {reason}',
    'zh-CN': '回答失败，未扣除积分。{reason}',
    'zh-TW': '回答失敗，未扣除積分。{reason}',
  },
  nameTaken: {
    'en-US': 'The name {name} is taken',
    'zh-CN': '名称 {name} 已被使用',
    'zh-TW': '名稱 {name} 已被使用',
  },
  toolNotFound: {
    'en-US': 'No such search provider or tool server',
    'zh-CN': '没有这个搜索服务或工具服务器',
    'zh-TW': '沒有這個搜尋服務或工具伺服器',
  },
  googleKeyShape: {
    'en-US': 'Enter the key as <API key>:<search engine ID (cx)>',
    'zh-CN': '请按“API 密钥:搜索引擎 ID（cx）”的格式填写密钥',
    'zh-TW': '請按「API 金鑰:搜尋引擎 ID（cx）」的格式填寫金鑰',
  },
  searchUrlRequired: {
    'en-US': 'Enter the address of the SearXNG instance',
    'zh-CN': '请输入 SearXNG 实例的地址',
    'zh-TW': '請輸入 SearXNG 實例的位址',
  },
  mcpUnreachable: {
    'en-US': 'The MCP server could not list its tools ({reason})',
    'zh-CN': 'MCP 服务器无法列出其工具（{reason}）',
    'zh-TW': 'MCP 伺服器無法列出其工具（{reason}）',
  },
  unknownTool: {
    'en-US': 'The tool {tool} is not listed by that server',
    'zh-CN': '该服务器没有列出工具 {tool}',
    'zh-TW': '該伺服器沒有列出工具 {tool}',
  },
  noSearchProvider: {
    'en-US': 'Web search is not set up on this site',
    'zh-CN': '本站尚未配置联网搜索',
    'zh-TW': '本站尚未設定聯網搜尋',
  },
  searchFailed: {
    'en-US': 'The web search failed: {reason}',
    'zh-CN': '联网搜索失败：{reason}',
    'zh-TW': '聯網搜尋失敗：{reason}',
  },
  shareNotFound: {
    'en-US': 'No such shared link',
    'zh-CN': '没有这个分享链接',
    'zh-TW': '沒有這個分享連結',
  },
  shareGone: {
    'en-US': 'This conversation is not shared',
    'zh-CN': '该对话未被分享',
    'zh-TW': '該對話未被分享',
  },
  shareGoneHint: {
    'en-US': 'The link is wrong, or its owner stopped sharing it.',
    'zh-CN': '链接有误，或分享者已停止分享。',
    'zh-TW': '連結有誤，或分享者已停止分享。',
  },
  shareMeta: {
    'en-US': 'A read-only copy of a conversation, shared on {date}',
    'zh-CN': '对话的只读副本，分享于 {date}',
    'zh-TW': '對話的唯讀副本，分享於 {date}',
  },
  shareSources: { 'en-US': 'Sources', 'zh-CN': '来源', 'zh-TW': '來源' },
  shareToolCall: { 'en-US': 'Tool {name}', 'zh-CN': '工具 {name}', 'zh-TW': '工具 {name}' },
  shareToolArguments: { 'en-US': 'Arguments', 'zh-CN': '参数', 'zh-TW': '參數' },
  shareToolResult: { 'en-US': 'Result', 'zh-CN': '结果', 'zh-TW': '結果' },
  shareToolFailed: { 'en-US': 'failed', 'zh-CN': '失败', 'zh-TW': '失敗' },
  shareHome: { 'en-US': 'Open Atelier', 'zh-CN': '打开 Atelier', 'zh-TW': '開啟 Atelier' },
  shareRemotePicture: {
    'en-US': 'A picture from {host} (not loaded; opens that site)',
    'zh-CN': '来自 {host} 的图片（未加载；点击打开该网站）',
    'zh-TW': '來自 {host} 的圖片（未載入；點擊開啟該網站）',
  },
} satisfies Record<string, Localized>;
