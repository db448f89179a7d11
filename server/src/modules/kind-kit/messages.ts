import type { Lang, Localized } from '../../http/messages.js';

/*
 * The standard texts of a creation kind, worded around its noun ("separation", "video"…) in
 * the three interface languages: a task that is not the caller's, a model that is not offered,
 * no model at all.
 */
const templates = {
  taskNotFound: {
    'en-US': 'No such {noun}',
    'zh-CN': '没有这个{noun}任务',
    'zh-TW': '沒有這個{noun}任務',
  },
  modelNotFound: {
    'en-US': 'This {noun} model is not available',
    'zh-CN': '该{noun}模型不可用',
    'zh-TW': '該{noun}模型不可用',
  },
  noModel: {
    'en-US': 'No {noun} model is available',
    'zh-CN': '暂无可用的{noun}模型',
    'zh-TW': '暫無可用的{noun}模型',
  },
} satisfies Record<string, Localized>;

export type KindTexts = Record<keyof typeof templates, Localized>;

const worded = (template: Localized, noun: Localized): Localized => {
  const say = (lang: Lang) => template[lang].replace('{noun}', noun[lang]);
  return { 'en-US': say('en-US'), 'zh-CN': say('zh-CN'), 'zh-TW': say('zh-TW') };
};

/** A kind's standard texts from its noun. */
export const kindTexts = (noun: Localized): KindTexts => ({
  taskNotFound: worded(templates.taskNotFound, noun),
  modelNotFound: worded(templates.modelNotFound, noun),
  noModel: worded(templates.noModel, noun),
});
