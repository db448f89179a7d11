import Button from 'antd/es/button';
import type { ReactNode } from 'react';

/** The full-width primary button that submits a sign-in dialog's form. */
export function SubmitButton({
  loading,
  testId,
  children,
}: {
  loading: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="primary"
      htmlType="submit"
      block
      size="large"
      loading={loading}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
