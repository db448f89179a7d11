import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';

/** A mailed or texted six-digit code, typed and confirmed (verifying or linking a way). */
export function CodeEntry({
  code,
  onChange,
  loading,
  onConfirm,
}: {
  code: string;
  onChange: (code: string) => void;
  loading: boolean;
  onConfirm: (code: string) => void;
}) {
  const { t } = useTranslation(['user']);
  return (
    <Space.Compact>
      <Input
        size="small"
        value={code}
        onChange={(e) => onChange(e.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('user:ways.codePlaceholder')}
        aria-label={t('user:ways.codePlaceholder')}
        className="w-28"
      />
      <Button
        size="small"
        type="primary"
        loading={loading}
        disabled={!/^\d{6}$/.test(code.trim())}
        onClick={() => onConfirm(code.trim())}
      >
        {t('user:ways.confirm')}
      </Button>
    </Space.Compact>
  );
}
