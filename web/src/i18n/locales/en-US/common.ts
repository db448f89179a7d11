import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/common';

export default {
  copy: 'Copy',
  cancel: 'Cancel',
  price: {
    call: 'Credits per answer: {{count}}',
    tokens: 'Credits per answer: from {{count}}',
    detail:
      'Credits per 1,000 tokens: {{input}} read, {{output}} written; at least {{min}} an answer',
    own: 'Your own endpoint: no credits',
  },
  language: 'Language',
  languages: { 'zh-CN': '简体中文', 'en-US': 'English', 'zh-TW': '繁體中文' },
  confirm: {
    clearChat: 'Clear this chat?',
    deleteMessage: 'Delete this message?',
    clearHistory: 'Clear this history?',
    clearChatHistory: 'Clear the chat history?',
    exportPng: 'Export this chat to PNG?',
    clearStore: 'Clear the store data?',
  },
  remoteImage: {
    notLoaded: 'A picture from {{host}} (not loaded)',
    show: 'Show the picture from {{host}}',
    loading: 'Loading the picture…',
    failed: 'The picture from {{host}} cannot be shown',
    hint: 'Pictures from other sites load only when you ask (that site learns you looked)',
  },
  success: {
    add: 'Added',
    edit: 'Changes saved',
    delete: 'Deleted',
    save: 'Saved',
    export: 'Exported',
    import: 'Imported',
    clear: 'Cleared',
    copied: 'Copied',
  },
} satisfies LocaleShape<typeof zhCN>;
