import type { Localized } from '../../http/messages.js';

/** Texts of the sites module a user or operator reads; each names the field it is about. */
export const sitesText = {
  siteNotFound: {
    'en-US': 'id: there is no site configuration {id}',
    'zh-CN': 'id：没有站点配置 {id}',
    'zh-TW': 'id：沒有站點設定 {id}',
  },
  noticeNotFound: {
    'en-US': 'id: there is no notice {id}',
    'zh-CN': 'id：没有公告 {id}',
    'zh-TW': 'id：沒有公告 {id}',
  },
  faqNotFound: {
    'en-US': 'id: there is no frequent question {id}',
    'zh-CN': 'id：没有常见问题 {id}',
    'zh-TW': 'id：沒有常見問題 {id}',
  },
  menuNotFound: {
    'en-US': 'id: there is no menu entry {id}',
    'zh-CN': 'id：没有菜单项 {id}',
    'zh-TW': 'id：沒有選單項 {id}',
  },
  jumpNotFound: {
    'en-US': 'id: there is no ad jump {id}',
    'zh-CN': 'id：没有跳转规则 {id}',
    'zh-TW': 'id：沒有跳轉規則 {id}',
  },
  domainTaken: {
    'en-US': 'domain: {domain} already has a site configuration',
    'zh-CN': 'domain：域名 {domain} 已有站点配置',
    'zh-TW': 'domain：網域 {domain} 已有站點設定',
  },
  defaultSiteKept: {
    'en-US': 'id: the default site cannot be deleted',
    'zh-CN': 'id：默认站点不能删除',
    'zh-TW': 'id：預設站點不能刪除',
  },
  defaultDomainKept: {
    'en-US': 'domain: the default site keeps the domain "default"',
    'zh-CN': 'domain：默认站点的域名固定为 "default"',
    'zh-TW': 'domain：預設站點的網域固定為 "default"',
  },
  reservedDomain: {
    'en-US': 'domain: "default" is the name of the default site',
    'zh-CN': 'domain："default" 是默认站点的名称',
    'zh-TW': 'domain："default" 是預設站點的名稱',
  },
  noticeSiteMissing: {
    'en-US': 'siteId: there is no site {id}',
    'zh-CN': 'siteId：没有站点 {id}',
    'zh-TW': 'siteId：沒有站點 {id}',
  },
  menuNameTaken: {
    'en-US': 'name: the menu already has an entry {name}',
    'zh-CN': 'name：菜单中已有 {name}',
    'zh-TW': 'name：選單中已有 {name}',
  },
  saved: { 'en-US': 'Saved', 'zh-CN': '保存成功', 'zh-TW': '儲存成功' },
  deleted: { 'en-US': 'Deleted', 'zh-CN': '删除成功', 'zh-TW': '刪除成功' },
} satisfies Record<string, Localized>;
