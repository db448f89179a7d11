import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import { texts } from '../../lib/texts';

/** What the last import did, shown above the list until dismissed. */
export type ImportOutcome =
  { kind: 'done'; added: number; skipped: number } | { kind: 'mismatch' } | { kind: 'invalid' };

export function ImportOutcomeAlert({
  outcome,
  onClose,
}: {
  outcome: ImportOutcome | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['prompts']);
  if (!outcome) return null;
  return (
    <Alert
      data-testid="prompt-import-outcome"
      showIcon
      closable
      onClose={onClose}
      type={outcome.kind === 'done' ? 'success' : 'error'}
      message={
        outcome.kind === 'done'
          ? t(texts.success.import)
          : outcome.kind === 'mismatch'
            ? t(texts.errors.keyMismatch)
            : t(texts.errors.importFailed)
      }
      description={
        outcome.kind === 'done'
          ? t('prompts:import.report', { added: outcome.added, skipped: outcome.skipped })
          : undefined
      }
    />
  );
}
