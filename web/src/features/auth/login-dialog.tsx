import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import Modal from 'antd/es/modal';
import Tabs from 'antd/es/tabs';
import { isSignedIn, useAuthStore } from '../../stores/auth';
import { useDialogs } from '../../stores/dialogs';
import { EmailCodeForm } from './email-code-form';
import { PhoneCodeForm } from './phone-code-form';
import { wechatTab } from './wechat-qr';
import { OidcButton } from './oidc-buttons';
import { PasskeyButton } from './passkey-button';
import { ForgotForm } from './forgot-form';
import { LoginForm } from './login-form';
import { useOfferedWays } from './offered-ways';
import { stopPasskeyAutofill } from './passkey-api';
import { RegisterForm } from './register-form';
import { ResetForm } from './reset-form';
import { pendingResetToken, useResetToken } from './reset-link';

type Tab = 'login' | 'code' | 'phone' | 'wechat' | 'register';
/** What the dialog shows instead of its tabs: "forgot password", or a mailed reset link. */
type Page = { kind: 'tabs' } | { kind: 'forgot' } | { kind: 'reset'; token: string };

const TITLE_OF = {
  forgot: 'auth:forgot.title',
  reset: 'auth:reset.title',
  tabs: 'auth:dialogTitle',
} as const;

/** The tab each way of the site's list opens (passkeys and providers are buttons). */
const TAB_OF: Record<string, Tab> = {
  password: 'login',
  email: 'code',
  phone: 'phone',
  wechat: 'wechat',
};

/** The passkey and "Sign in with …" buttons, in the list's order, with "or" towards the tabs. */
function WayButtons(props: {
  order: string[];
  oidc: { slug: string; name: string }[];
  divider: 'before' | 'after' | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(['auth']);
  const buttons = props.order.flatMap((way) => {
    if (way === 'passkey') return [<PasskeyButton key={way} onDone={props.onDone} />];
    const provider = props.oidc.find((p) => `oidc:${p.slug}` === way);
    return provider ? [<OidcButton key={way} slug={provider.slug} name={provider.name} />] : [];
  });
  if (buttons.length === 0) return null;
  const or = (
    <Divider plain className="!my-3 text-xs text-white/40">
      {t('auth:oidc.or')}
    </Divider>
  );
  return (
    <div className="flex flex-col gap-2" data-testid="login-buttons">
      {props.divider === 'before' && or}
      {buttons}
      {props.divider === 'after' && or}
    </div>
  );
}

/**
 * The login dialog (flag `login`): the ways the site offers, in the site's order
 * (docs/identity.md, "Ways per site"): the password, emailed-code, texted-code and WeChat scan
 * tabs first to last as listed, the first one selected, sign-up after them; passkeys and
 * "Sign in with …" buttons in their order, above the tabs when the list starts with one of
 * them. Typed values survive errors.
 */
export default function LoginDialog() {
  const { t } = useTranslation(['auth']);
  const open = useDialogs((s) => s.flags.login);
  const isGuest = useAuthStore((s) => !isSignedIn(s) && !!s.userInfo);
  const [tab, setTab] = useState<Tab | null>(null);
  const [page, setPage] = useState<Page>({ kind: 'tabs' });
  const order = useOfferedWays((s) => s.order);
  const password = useOfferedWays((s) => s.password);
  const forgot = useOfferedWays((s) => s.forgot);
  const oidc = useOfferedWays((s) => s.oidc);
  const close = () => {
    stopPasskeyAutofill();
    useDialogs.getState().close('login');
  };

  // Each opening starts on the site's first way. A closed dialog's content is not rendered
  // again (rc-dialog keeps it as it was), so the form cannot see it closing: the passkey
  // autofill request is ended here, however the dialog was closed.
  useEffect(() => {
    if (open) setTab(null);
    else stopPasskeyAutofill();
  }, [open]);
  // Counted while rendering (React's "state from the previous render"), so that the opening's
  // first render already has its number: the passkey autofill begins again at each opening
  // (the form's `opening`), once, after the one of before was ended.
  const [openings, setOpenings] = useState({ open, n: 0 });
  if (openings.open !== open) setOpenings({ open, n: open ? openings.n + 1 : openings.n });
  const opening = openings.n;

  const resetToken = useResetToken((s) => s.token);
  useEffect(() => {
    if (!open || !resetToken) return;
    const token = pendingResetToken();
    if (token) setPage({ kind: 'reset', token });
  }, [open, resetToken]);

  const backToSignIn = () => {
    setPage({ kind: 'tabs' });
    setTab('login');
  };

  const title = t(TITLE_OF[page.kind]);

  const tabs = order.map((way) => TAB_OF[way]).filter((k): k is Tab => k !== undefined);
  if (password) tabs.push('register');
  const activeTab = tab && tabs.includes(tab) ? tab : tabs[0];
  const activeIs = (key: Tab) => open && page.kind === 'tabs' && activeTab === key;

  const tabItem = (key: Tab): { key: string; label: string; children: ReactNode } => {
    if (key === 'login')
      return {
        key,
        label: t('auth:login.tab'),
        children: (
          <>
            <LoginForm active={activeIs('login')} opening={opening} onDone={close} />
            {forgot && (
              <Button
                type="link"
                block
                className="mt-2"
                onClick={() => setPage({ kind: 'forgot' })}
                data-testid="login-forgot"
              >
                {t('auth:login.forgot')}
              </Button>
            )}
          </>
        ),
      };
    if (key === 'code')
      return {
        key,
        label: t('auth:emailCode.tab'),
        children: <EmailCodeForm active={activeIs('code')} onDone={close} />,
      };
    if (key === 'phone')
      return {
        key,
        label: t('auth:phoneCode.tab'),
        children: <PhoneCodeForm active={activeIs('phone')} onDone={close} />,
      };
    if (key === 'wechat') return wechatTab(t('auth:wechat.tab'), activeIs('wechat'), close);
    return {
      key,
      label: t('auth:register.tab'),
      children: (
        <>
          {isGuest && (
            <p className="mb-4 mt-0 text-sm text-white/50">{t('auth:register.guestNote')}</p>
          )}
          <RegisterForm purpose="register" active={activeIs('register')} onDone={close} />
        </>
      ),
    };
  };

  const buttonsFirst = order[0] !== undefined && TAB_OF[order[0]] === undefined;
  const buttonBlock = (
    <WayButtons
      order={order}
      oidc={oidc}
      divider={tabs.length === 0 ? null : buttonsFirst ? 'after' : 'before'}
      onDone={close}
    />
  );

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      width={420}
      centered
      title={title}
      styles={{ body: { paddingTop: 4 } }}
    >
      {page.kind === 'forgot' && <ForgotForm onBack={backToSignIn} />}
      {page.kind === 'reset' && <ResetForm token={page.token} onDone={backToSignIn} />}
      {page.kind === 'tabs' && buttonsFirst && buttonBlock}
      {page.kind === 'tabs' && tabs.length > 0 && (
        <Tabs
          activeKey={activeTab}
          onChange={(key) => setTab(key as Tab)}
          centered
          items={tabs.map(tabItem)}
        />
      )}
      {page.kind === 'tabs' && !buttonsFirst && buttonBlock}
    </Modal>
  );
}
