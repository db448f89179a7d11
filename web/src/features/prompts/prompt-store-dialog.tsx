import Modal from 'antd/es/modal';
import Tabs from 'antd/es/tabs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useIsMobile } from '../../components/use-is-mobile';
import { useDialogs } from '../../stores/dialogs';
import { usePromptStore } from '../../stores/prompt-store';
import { LocalTab } from './local-tab';
import { OnlineTab } from './online-tab';

/** A full-screen sheet under 640 px, a centred dialog above. */
function useSheetProps() {
  const mobile = useIsMobile();
  return mobile
    ? {
        width: '100vw',
        style: { top: 0, margin: 0, maxWidth: '100vw', paddingBottom: 0 },
        styles: { content: { minHeight: '100dvh', borderRadius: 0 } },
      }
    : { centered: true, width: 880 };
}

/**
 * The prompt store (flag `promptStore`, docs/product.md §2): the user's local prompts (add, edit,
 * delete, JSON import and export, clear) and online sources to import from. "Use" hands the
 * prompt to the chat input through `usePromptStore().choose` and goes to the chat.
 */
export default function PromptStoreDialog() {
  const { t } = useTranslation(['prompts']);
  const open = useDialogs((s) => s.flags.promptStore);
  const sheet = useSheetProps();
  const navigate = useNavigate();
  const location = useLocation();
  const wanted = useDialogs((s) => s.props.promptStore?.tab);
  const [tab, setTab] = useState<string>(wanted ?? 'local');
  // Opened again asking for a tab (the chat's "import built-in prompts"): show that one.
  useEffect(() => {
    if (open && wanted) setTab(wanted);
  }, [open, wanted]);
  const close = () => useDialogs.getState().close('promptStore');
  const use = (content: string) => {
    usePromptStore.getState().choose(content);
    close();
    if (!location.pathname.toLowerCase().startsWith('/chat')) void navigate('/Chat');
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      title={t('prompts:title')}
      {...sheet}
      styles={{ ...sheet.styles, body: { paddingTop: 0 } }}
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'local', label: t('prompts:tabs.local'), children: <LocalTab onUse={use} /> },
          { key: 'online', label: t('prompts:tabs.online'), children: <OnlineTab onUse={use} /> },
        ]}
      />
    </Modal>
  );
}
