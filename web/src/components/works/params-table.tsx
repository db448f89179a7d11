import { useTranslation } from 'react-i18next';

const show = (v: unknown): string =>
  typeof v === 'string' ? v : Array.isArray(v) ? v.map(show).join(', ') : JSON.stringify(v);

/** Every parameter of a task, as stored: name and value. */
export function ParamsTable({ params }: { params: Record<string, unknown> }) {
  const { t } = useTranslation();
  const rows = Object.entries(params).filter(
    ([k, v]) => v !== undefined && v !== null && v !== '' && k !== 'recipe',
  );
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
            <td className="py-1 break-all text-white/80">{show(v)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
