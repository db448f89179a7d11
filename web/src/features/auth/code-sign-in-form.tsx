import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { useFieldForm, type Checked } from '../../lib/field-form';
import { notify } from '../../lib/notify';
import { completeSignIn, keptInviteCode } from './sign-in';
import { SubmitButton } from './submit-button';

/**
 * Where a sign-in code goes (an email address, a phone number): the address field as the
 * server names it, its input, its texts and the calls that send and check the code.
 */
export interface CodeChannel<A extends string> {
  field: A;
  inputId: string;
  codeId: string;
  type: 'email' | 'tel';
  autoComplete: 'email' | 'tel';
  maxLength: number;
  label: 'auth:fields.email' | 'auth:fields.phone';
  placeholder: 'auth:placeholders.email' | 'auth:placeholders.phone';
  /** Its texts, as literal keys (the locale test finds them). */
  texts: {
    intro: 'auth:emailCode.intro' | 'auth:phoneCode.intro';
    send: 'auth:emailCode.send' | 'auth:phoneCode.send';
    sent: 'auth:emailCode.sent' | 'auth:phoneCode.sent';
    resendIn: 'auth:emailCode.resendIn' | 'auth:phoneCode.resendIn';
    submit: 'auth:emailCode.submit' | 'auth:phoneCode.submit';
  };
  testId: 'email-code' | 'phone-code';
  validate: (values: Record<A | 'code', string>, withCode?: boolean) => Checked<A | 'code'>;
  send: (address: string) => Promise<unknown>;
  logIn: (body: {
    address: string;
    code: string;
    invitedBy: string | undefined;
  }) => Promise<{ token: string; created: boolean }>;
}

const RESEND_SECONDS = 60;

/** Sign in, or sign up when the address is new, with a 6-digit code sent to the address. */
export function CodeSignInForm<A extends string>({
  channel,
  active,
  onDone,
}: {
  channel: CodeChannel<A>;
  active: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation(['auth']);
  const empty = { [channel.field]: '', code: '' } as Record<A | 'code', string>;
  const form = useFieldForm(empty, (v) => channel.validate(v));
  const { refs } = form;
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  const { field, texts } = channel;

  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => refs.current[field]?.focus(), 50);
    return () => clearTimeout(timer);
  }, [active, refs, field]);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const sendCode = async () => {
    const issues = channel.validate(form.values, false);
    if (issues[field]) {
      form.setIssues(issues);
      refs.current[field]?.focus();
      return;
    }
    setSending(true);
    try {
      await channel.send(form.values[field]);
      notify.success(t(texts.sent));
      setWait(RESEND_SECONDS);
      refs.current.code?.focus();
    } catch (error) {
      form.fail(error);
    } finally {
      setSending(false);
    }
  };
  const send = () =>
    form.submit(async (v) => {
      const { token, created } = await channel.logIn({
        address: v[field],
        code: v.code.trim(),
        invitedBy: keptInviteCode(),
      });
      await completeSignIn(token, created ? 'auth:register.success' : 'auth:login.success');
      form.setValues(empty);
      onDone();
    });

  const address = form.field(field);
  const code = form.field('code');
  return (
    <Form layout="vertical" onFinish={send} requiredMark={false} disabled={form.submitting}>
      <p className="mb-4 mt-0 text-sm text-white/50">{t(texts.intro)}</p>
      <Form.Item label={t(channel.label)} htmlFor={channel.inputId} {...address.item}>
        <Input
          id={channel.inputId}
          name={field}
          type={channel.type}
          autoComplete={channel.autoComplete}
          placeholder={t(channel.placeholder)}
          maxLength={channel.maxLength}
          size="large"
          {...address.input}
        />
      </Form.Item>
      <Form.Item label={t('auth:fields.code')} htmlFor={channel.codeId} {...code.item}>
        <Space.Compact className="w-full">
          <Input
            id={channel.codeId}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('auth:placeholders.code')}
            maxLength={6}
            size="large"
            {...code.input}
          />
          <Button
            size="large"
            onClick={() => void sendCode()}
            loading={sending}
            disabled={wait > 0}
            data-testid={`${channel.testId}-send`}
          >
            {wait > 0 ? t(texts.resendIn, { seconds: wait }) : t(texts.send)}
          </Button>
        </Space.Compact>
      </Form.Item>
      <SubmitButton loading={form.submitting} testId={`${channel.testId}-submit`}>
        {t(texts.submit)}
      </SubmitButton>
    </Form>
  );
}
