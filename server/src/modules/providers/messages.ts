import type { Localized } from '../../http/messages.js';

/** Every text the providers module shows, in the three interface languages. */
export const texts = {
  modelNotFound: {
    'en-US': 'This model is not available',
    'zh-CN': '该模型不可用',
    'zh-TW': '該模型不可用',
  },
  providerInUse: {
    'en-US': 'This provider is still used by {uses} — disable it, or move or delete them first',
    'zh-CN': '此服务商仍被{uses}使用——请先停用它，或先迁移或删除它们',
    'zh-TW': '此服務商仍被{uses}使用——請先停用它，或先遷移或刪除它們',
  },
  useModels: { 'en-US': 'models ({n})', 'zh-CN': '模型（{n} 个）', 'zh-TW': '模型（{n} 個）' },
  useTasks: {
    'en-US': 'queued or running tasks ({n})',
    'zh-CN': '排队或运行中的任务（{n} 个）',
    'zh-TW': '排隊或執行中的任務（{n} 個）',
  },
  unknownProtocol: {
    'en-US': 'No kind speaks the protocol "{protocol}" (known: {known})',
    'zh-CN': '没有任何类型支持协议“{protocol}”（可用：{known}）',
    'zh-TW': '沒有任何類型支援協定「{protocol}」（可用：{known}）',
  },
  providerNotFound: {
    'en-US': 'No such provider',
    'zh-CN': '没有这个服务商',
    'zh-TW': '沒有這個服務商',
  },
  nameTaken: {
    'en-US': 'The name "{name}" is already used',
    'zh-CN': '名称“{name}”已被使用',
    'zh-TW': '名稱「{name}」已被使用',
  },
} satisfies Record<string, Localized>;
