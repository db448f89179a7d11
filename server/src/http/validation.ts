import type { FieldError } from '@atelier/contracts';
import type { core } from 'zod';
import { type Lang } from './messages.js';

type Issue = core.$ZodIssue;

const t = (lang: Lang, en: string, cn: string, tw: string) =>
  lang === 'en-US' ? en : lang === 'zh-TW' ? tw : cn;

const originNoun = (origin: string | undefined, lang: Lang) => {
  if (origin === 'string') return t(lang, 'characters', '个字符', '個字元');
  if (origin === 'array' || origin === 'set') return t(lang, 'items', '项', '項');
  return '';
};

/** One problem with one field, in the caller's language. */
export function describeIssue(issue: Issue, lang: Lang): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined &&
        / received undefined$/.test(issue.message ?? ' received undefined')
        ? t(lang, 'is required', '不能为空', '不能為空')
        : t(
            lang,
            `must be a ${issue.expected}`,
            `必须是 ${issue.expected}`,
            `必須是 ${issue.expected}`,
          );
    case 'too_small': {
      const noun = originNoun(issue.origin, lang);
      const min = String(issue.minimum);
      if (issue.origin === 'string' && Number(issue.minimum) === 1)
        return t(lang, 'is required', '不能为空', '不能為空');
      return noun
        ? t(lang, `must be at least ${min} ${noun}`, `至少 ${min} ${noun}`, `至少 ${min} ${noun}`)
        : t(lang, `must be at least ${min}`, `不能小于 ${min}`, `不能小於 ${min}`);
    }
    case 'too_big': {
      const noun = originNoun(issue.origin, lang);
      const max = String(issue.maximum);
      return noun
        ? t(lang, `must be at most ${max} ${noun}`, `最多 ${max} ${noun}`, `最多 ${max} ${noun}`)
        : t(lang, `must be at most ${max}`, `不能大于 ${max}`, `不能大於 ${max}`);
    }
    case 'invalid_format': {
      const format = issue.format;
      if (format === 'email')
        return t(lang, 'must be a valid email address', '邮箱格式不正确', '郵箱格式不正確');
      if (format === 'url')
        return t(lang, 'must be a valid link (https://…)', '链接格式不正确', '連結格式不正確');
      if (format === 'uuid')
        return t(lang, 'must be a valid uuid', '必须是有效的 uuid', '必須是有效的 uuid');
      if (format === 'regex' && issue.message && !issue.message.startsWith('Invalid'))
        return issue.message;
      return t(lang, `has an invalid format`, '格式不正确', '格式不正確');
    }
    case 'invalid_value':
      return t(
        lang,
        `must be one of ${issue.values.map(String).join(', ')}`,
        `必须是以下之一：${issue.values.map(String).join('、')}`,
        `必須是以下之一：${issue.values.map(String).join('、')}`,
      );
    case 'unrecognized_keys':
      return t(
        lang,
        `contains unknown fields: ${issue.keys.join(', ')}`,
        `包含未知字段 ${issue.keys.join('、')}`,
        `包含未知欄位 ${issue.keys.join('、')}`,
      );
    case 'invalid_union': {
      // A discriminated union without a known discriminator (a missing or wrong `type`).
      const options = (issue as { options?: readonly unknown[] }).options;
      if (options?.length)
        return t(
          lang,
          `must be one of ${options.map(String).join(', ')}`,
          `必须是以下之一：${options.map(String).join('、')}`,
          `必須是以下之一：${options.map(String).join('、')}`,
        );
      return t(lang, 'is not valid', '无效', '無效');
    }
    case 'custom':
      // A contract's own wording (refine); zod's generic one is English only.
      return issue.message && issue.message !== 'Invalid input'
        ? issue.message
        : t(lang, 'is not valid', '无效', '無效');
    default:
      // Never zod's own English text (it is not in the caller's language).
      return t(lang, 'is not valid', '无效', '無效');
  }
}

export function fieldErrors(issues: readonly Issue[], lang: Lang, prefix = ''): FieldError[] {
  return issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix || '(body)',
    message: describeIssue(issue, lang),
  }));
}
