import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { KNOWN_KINDS, kindName } from './kinds';

/** The works lists' filter by kind ('' for every kind). */
export function KindSelect(props: { value: string; onChange: (kind: string) => void }) {
  const { t } = useTranslation(['works']);
  return (
    <Select
      aria-label={t('works:filters.kind')}
      className="min-w-36"
      value={props.value}
      onChange={props.onChange}
      options={[
        { value: '', label: t('works:filters.allKinds') },
        ...KNOWN_KINDS.map((k) => ({ value: k, label: kindName(k, t) })),
      ]}
    />
  );
}
