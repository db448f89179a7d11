import type { Localized } from '../../http/messages.js';

/** Every text the apps module shows a user, in the three interface languages. */
export const texts = {
  appNotFound: { 'en-US': 'No such app', 'zh-CN': '没有这个应用', 'zh-TW': '沒有這個應用' },
  personaNotFound: {
    'en-US': 'No such persona',
    'zh-CN': '没有这个角色',
    'zh-TW': '沒有這個角色',
  },
  categoryNotFound: {
    'en-US': 'There is no such category',
    'zh-CN': '没有这个分类',
    'zh-TW': '沒有這個分類',
  },
  modelNotFound: {
    'en-US': 'This model is not available',
    'zh-CN': '该模型不可用',
    'zh-TW': '該模型不可用',
  },
  notInMyApps: {
    'en-US': 'App {id} is not in your apps',
    'zh-CN': '应用 {id} 不在你的应用中',
    'zh-TW': '應用 {id} 不在你的應用中',
  },
  sortIncomplete: {
    'en-US': 'List each of your apps once',
    'zh-CN': '请将你的每个应用各列出一次',
    'zh-TW': '請將你的每個應用各列出一次',
  },
  tooManyPersonas: {
    'en-US': 'You can keep at most {limit} personas; delete one first',
    'zh-CN': '最多只能保留 {limit} 个角色，请先删除一个',
    'zh-TW': '最多只能保留 {limit} 個角色，請先刪除一個',
  },
  collected: {
    'en-US': 'Added to my apps',
    'zh-CN': '已添加到我的应用',
    'zh-TW': '已加入我的應用',
  },
  uncollected: {
    'en-US': 'Removed from my apps',
    'zh-CN': '已从我的应用中移除',
    'zh-TW': '已從我的應用中移除',
  },
} satisfies Record<string, Localized>;
