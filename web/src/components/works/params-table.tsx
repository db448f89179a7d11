import { useTranslation } from 'react-i18next';
import { paramName, paramValue } from '../../lib/param-names';

/** The parameters of a task people set, by their shown names (internal ones left out). */
export function ParamsTable({ params }: { params: Record<string, unknown> }) {
  const { t } = useTranslation();
  const rows = Object.entries(params).flatMap(([k, v]) => {
    const name = paramName(k, t);
    return name && v !== undefined && v !== null && v !== '' ? [[name, paramValue(v, t, k)]] : [];
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
