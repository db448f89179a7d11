/**
 * The product's confirmation, success and error texts (docs/product.md §5 and §8) as i18n keys,
 * for the screens that show them: `t(texts.success.copied)`, `t(texts.errors.contentDuplicate, { msg })`.
 */
export const texts = {
  confirm: {
    clearChat: 'common:confirm.clearChat',
    deleteMessage: 'common:confirm.deleteMessage',
    clearHistory: 'common:confirm.clearHistory',
    clearChatHistory: 'common:confirm.clearChatHistory',
    exportPng: 'common:confirm.exportPng',
    clearStore: 'common:confirm.clearStore',
  },
  success: {
    add: 'common:success.add',
    edit: 'common:success.edit',
    delete: 'common:success.delete',
    save: 'common:success.save',
    export: 'common:success.export',
    import: 'common:success.import',
    clear: 'common:success.clear',
    copied: 'common:success.copied',
  },
  errors: {
    generic: 'errors:generic',
    unauthorized: 'errors:unauthorized',
    exportFailed: 'errors:exportFailed',
    importFailed: 'errors:importFailed',
    failed: 'errors:failed',
    keyMismatch: 'errors:keyMismatch',
    titleDuplicate: 'errors:titleDuplicate',
    contentDuplicate: 'errors:contentDuplicate',
    importSourceWarning: 'errors:importSourceWarning',
  },
} as const;
