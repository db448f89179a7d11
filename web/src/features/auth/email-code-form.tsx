import { emailLogin, sendEmailCode } from './auth-api';
import { CodeSignInForm, type CodeChannel } from './code-sign-in-form';
import { validateEmailCode } from './validation';

const byEmail: CodeChannel<'email'> = {
  field: 'email',
  inputId: 'code-email',
  codeId: 'code-code',
  type: 'email',
  autoComplete: 'email',
  maxLength: 254,
  label: 'auth:fields.email',
  placeholder: 'auth:placeholders.email',
  texts: {
    intro: 'auth:emailCode.intro',
    send: 'auth:emailCode.send',
    sent: 'auth:emailCode.sent',
    resendIn: 'auth:emailCode.resendIn',
    submit: 'auth:emailCode.submit',
  },
  testId: 'email-code',
  validate: validateEmailCode,
  send: (email) => sendEmailCode(email.trim()),
  logIn: ({ address, code, invitedBy }) => emailLogin({ email: address.trim(), code, invitedBy }),
};

/** Sign in, or sign up when the address is new, with a 6-digit code mailed to the address. */
export function EmailCodeForm(props: { active: boolean; onDone: () => void }) {
  return <CodeSignInForm channel={byEmail} {...props} />;
}
