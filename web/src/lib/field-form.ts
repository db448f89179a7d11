import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import { t } from '../i18n';

/**
 * A field's problem: an i18n key checked in the browser (its values may name other keys, e.g.
 * `field: 'auth:fields.username'`, which are translated too), or a text the server sent.
 */
export interface KeyIssue {
  key: string;
  values?: Record<string, string | number>;
}
export type Issue = KeyIssue | { text: string };
export type Issues<F extends string> = Partial<Record<F, Issue>>;
/** What a browser-side check answers: i18n keys only. */
export type Checked<F extends string> = Partial<Record<F, KeyIssue>>;

export const hasIssues = (issues: Issues<string>): boolean => Object.keys(issues).length > 0;

// Keys here are data chosen by a check, not literals, so i18next's literal key types cannot apply.
const translate = t as unknown as (key: string, values?: Record<string, string | number>) => string;

/** The text a user reads for an issue, in the current language. */
export function issueText(issue: Issue): string {
  if ('text' in issue) return issue.text;
  const values: Record<string, string | number> = { ...issue.values };
  const field = values.field;
  if (typeof field === 'string') values.field = translate(field);
  return translate(issue.key, values);
}

interface ServerError {
  status?: number;
  message?: string;
  data?: unknown;
}

/**
 * The fields a failed call names (`data.errors` of a 400 or 409), as issues of this form. A
 * single named field gets the answer's message (in the user's language); several get their own.
 */
export function issuesFromError<F extends string>(error: unknown, fields: readonly F[]): Issues<F> {
  const e = error as ServerError | null;
  const data = e && typeof e === 'object' ? e.data : null;
  const list =
    data && typeof data === 'object' && Array.isArray((data as { errors?: unknown }).errors)
      ? ((data as { errors: { field?: unknown; message?: unknown }[] }).errors ?? [])
      : [];
  const named = list.filter(
    (x): x is { field: F; message: string } =>
      fields.includes(x.field as F) && typeof x.message === 'string',
  );
  const issues: Issues<F> = {};
  for (const item of named) {
    issues[item.field] = {
      text: named.length === 1 && e?.message ? e.message : item.message,
    };
  }
  return issues;
}

interface Focusable {
  focus: () => void;
}

/**
 * State of a small form of text fields checked before sending: values survive errors, the
 * first invalid field gets the focus, and a field's issue clears when the user edits it.
 */
export function useFieldForm<F extends string>(
  initial: Record<F, string>,
  validate: (values: Record<F, string>) => Issues<F>,
) {
  const [values, setValues] = useState(initial);
  const [issues, setIssues] = useState<Issues<F>>({});
  const [submitting, setSubmitting] = useState(false);
  const refs = useRef<Partial<Record<F, Focusable | null>>>({});
  const order = Object.keys(initial) as F[];

  const focusFirst = useCallback(
    (found: Issues<F>) => {
      const first = order.find((f) => found[f]);
      if (first) refs.current[first]?.focus();
    },
    // `order` follows the initial values' keys, which never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  /** Runs the checks; shows and focuses the first problem; true when the form can be sent. */
  const check = (): boolean => {
    const found = validate(values);
    setIssues(found);
    focusFirst(found);
    return !hasIssues(found);
  };

  /** Shows the fields a failed call named (the client already showed its message). */
  const fail = (error: unknown) => {
    const found = issuesFromError(error, order);
    setIssues(found);
    focusFirst(found);
  };

  /** Props for an antd input and its Form.Item. */
  const field = (name: F) => ({
    input: {
      value: values[name],
      ref: (el: Focusable | null) => {
        refs.current[name] = el;
      },
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const value = event.target.value;
        setValues((v) => ({ ...v, [name]: value }));
        setIssues((current) => {
          if (!current[name]) return current;
          const next = { ...current };
          delete next[name];
          return next;
        });
      },
      status: issues[name] ? ('error' as const) : undefined,
      'aria-invalid': issues[name] ? true : undefined,
    },
    item: {
      validateStatus: issues[name] ? ('error' as const) : undefined,
      help: issues[name] ? issueText(issues[name]) : undefined,
    },
  });

  /** Runs `send` when the checks pass, with the loading flag; errors go to `fail`. */
  const submit = async (send: (values: Record<F, string>) => Promise<void>) => {
    if (submitting || !check()) return;
    setSubmitting(true);
    try {
      await send(values);
    } catch (error) {
      fail(error);
    } finally {
      setSubmitting(false);
    }
  };

  return { values, setValues, issues, setIssues, submitting, field, check, fail, submit, refs };
}
