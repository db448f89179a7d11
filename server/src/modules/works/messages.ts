import type { Localized } from '../../http/messages.js';

/** Every text the works module shows a user, in the three interface languages. */
export const texts = {
  badCursor: {
    'en-US': 'This page of the list is out of date; start again from the first page',
    'zh-CN': '列表的这一页已失效，请从第一页重新开始',
    'zh-TW': '列表的這一頁已失效，請從第一頁重新開始',
  },
  workNotFound: {
    'en-US': 'No such work',
    'zh-CN': '没有这个作品',
    'zh-TW': '沒有這個作品',
  },
  notFinished: {
    'en-US': 'Only a finished result with files can be published',
    'zh-CN': '只有已完成且有结果文件的任务才能发布',
    'zh-TW': '只有已完成且有結果檔案的任務才能發布',
  },
  hiddenByOperator: {
    'en-US': 'This work was hidden by an operator and cannot be made public: {reason}',
    'zh-CN': '该作品已被管理员隐藏，无法公开：{reason}',
    'zh-TW': '該作品已被管理員隱藏，無法公開：{reason}',
  },
  albumNotFound: {
    'en-US': 'No such album',
    'zh-CN': '没有这个相册',
    'zh-TW': '沒有這個相簿',
  },
  orderMismatch: {
    'en-US': 'The new order must list every work of the album once',
    'zh-CN': '新的顺序必须包含相册中的每个作品各一次',
    'zh-TW': '新的順序必須包含相簿中的每個作品各一次',
  },
  coverNotInAlbum: {
    'en-US': 'The cover must be a work of this album',
    'zh-CN': '封面必须是该相册中的作品',
    'zh-TW': '封面必須是該相簿中的作品',
  },
  targetNotFound: {
    'en-US': 'Nothing to like or collect here',
    'zh-CN': '目标不存在或不可见',
    'zh-TW': '目標不存在或不可見',
  },
  collectionNotFound: {
    'en-US': 'No such collection',
    'zh-CN': '没有这条收藏',
    'zh-TW': '沒有這條收藏',
  },
  nothingToZip: {
    'en-US': 'None of these has finished files to download',
    'zh-CN': '所选任务没有可下载的结果文件',
    'zh-TW': '所選任務沒有可下載的結果檔案',
  },
  guestCannotPublish: {
    'en-US': 'Sign up to publish your works',
    'zh-CN': '注册后才能公开发布作品',
    'zh-TW': '註冊後才能公開發布作品',
  },
} satisfies Record<string, Localized>;
