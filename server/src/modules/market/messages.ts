/** Every text the market module shows a user, in the three interface languages. */
export const texts = {
  promptNotFound: {
    'en-US': 'No such prompt',
    'zh-CN': '没有这个提示词',
    'zh-TW': '沒有這個提示詞',
  },
  categoryNotFound: {
    'en-US': 'There is no such category',
    'zh-CN': '没有这个分类',
    'zh-TW': '沒有這個分類',
  },
  taskNotFinished: {
    'en-US': 'Only a finished task with a result can be published',
    'zh-CN': '只有已完成且有结果的任务才能发布',
    'zh-TW': '只有已完成且有結果的任務才能發佈',
  },
  published: { 'en-US': 'Published', 'zh-CN': '已发布', 'zh-TW': '已發佈' },
  saved: { 'en-US': 'Saved', 'zh-CN': '已保存', 'zh-TW': '已儲存' },
  deleted: { 'en-US': 'Deleted', 'zh-CN': '已删除', 'zh-TW': '已刪除' },
  reported: {
    'en-US': 'Thank you, the operators will look at it',
    'zh-CN': '感谢举报，运营人员会尽快处理',
    'zh-TW': '感謝檢舉，營運人員會盡快處理',
  },
  ownReport: {
    'en-US': 'You cannot report your own prompt',
    'zh-CN': '不能举报自己的提示词',
    'zh-TW': '不能檢舉自己的提示詞',
  },
} as const;
