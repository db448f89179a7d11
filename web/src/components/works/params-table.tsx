import { useTranslation } from 'react-i18next';
import { paramName, paramValue } from '../../lib/param-names';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A task's parameters, with those a screen stored inside its `form` (DALL·E, SD3) or `flags`
 * (Midjourney) read as the task's own: else an SD3 picture said "No other parameters".
 */
export function paramEntries(params: Record<string, unknown>): Array<[string, unknown]> {
  return Object.entries(params).flatMap(([k, v]): Array<[string, unknown]> =>
    (k === 'form' || k === 'flags') && isRecord(v) ? Object.entries(v) : [[k, v]],
  );
}

/** The parameters of a task people set, by their shown names (internal ones left out). */
export function ParamsTable({ params }: { params: Record<string, unknown> }) {
  const { t } = useTranslation();
  const seen = new Set<string>();
  const rows = paramEntries(params).flatMap(([k, v]) => {
    const name = paramName(k, t);
    if (!name || v === undefined || v === null || v === '' || seen.has(name)) return [];
    seen.add(name);
    return [[name, paramValue(v, t, k)]];
  });
  if (rows.length === 0)
    return <p className="text-xs text-white/45">{t('works:details.noParams')}</p>;
  return (
    <table className="w-full text-xs" data-testid="work-params">
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k} className="border-b border-white/5">
            <th scope="row" className="py-1 pr-3 text-left font-normal text-white/50">
              {k}
            </th>
            <td className="py-1 break-all text-white/80">{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
