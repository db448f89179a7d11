import { phoneLogin, sendPhoneCode } from './auth-api';
import { CodeSignInForm, type CodeChannel } from './code-sign-in-form';
import { normalizePhone, validatePhoneCode } from './validation';

const byPhone: CodeChannel<'phone'> = {
  field: 'phone',
  inputId: 'phone-number',
  codeId: 'phone-code',
  type: 'tel',
  autoComplete: 'tel',
  maxLength: 32,
  label: 'auth:fields.phone',
  placeholder: 'auth:placeholders.phone',
  texts: {
    intro: 'auth:phoneCode.intro',
    send: 'auth:phoneCode.send',
    sent: 'auth:phoneCode.sent',
    resendIn: 'auth:phoneCode.resendIn',
    submit: 'auth:phoneCode.submit',
  },
  testId: 'phone-code',
  validate: validatePhoneCode,
  send: (phone) => sendPhoneCode(normalizePhone(phone)),
  logIn: ({ address, code, invitedBy }) =>
    phoneLogin({ phone: normalizePhone(address), code, invitedBy }),
};

/** Sign in, or sign up when the number is new, with a 6-digit code texted to the number. */
export function PhoneCodeForm(props: { active: boolean; onDone: () => void }) {
  return <CodeSignInForm channel={byPhone} {...props} />;
}
