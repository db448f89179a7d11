import Select from 'antd/es/select';
import { useState } from 'react';
import { sites as S } from '@atelier/contracts';
import { useAdminQuery } from './admin-api';

/**
 * The console's per-site settings panels pick their site the same way: a searchable list of
 * the domains, the default site until another is picked. Answers the picked site and the list.
 */
export function useSitePicker(label: string) {
  const siteList = useAdminQuery(S.adminSites.list);
  const rows = siteList.data?.rows ?? [];
  const [picked, setPicked] = useState<number | null>(null);
  const siteId = picked ?? rows.find((r) => r.isDefault)?.id ?? rows[0]?.id ?? null;
  const picker = (
    <Select
      className="w-full max-w-sm"
      value={siteId ?? undefined}
      onChange={setPicked}
      showSearch
      optionFilterProp="label"
      aria-label={label}
      options={rows.map((r) => ({ value: r.id, label: r.domain }))}
    />
  );
  return { siteId, picker };
}
