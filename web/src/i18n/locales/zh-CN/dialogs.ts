/** Namespace `dialogs` (source of truth: zh-CN). Filled by the feature that owns it. */
export default {} as const;
