import i18next from 'i18next';

/**
 * A stored time (ISO 8601, UTC) as the console's viewer reads it: their language's format in
 * their own time zone ('' for none). Used by the Tasks, Users and Audit tables and drawers.
 */
export function when(iso: unknown, language: string = i18next.language): string {
  if (typeof iso !== 'string' || !iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'medium' });
}
