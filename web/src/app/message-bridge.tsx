import message from 'antd/es/message';
import { useEffect } from 'react';
import { setNotifier } from '../lib/notify';
import { Themed } from '../components/themed';

/** The holder of antd's toasts, inside the theme. */
function Bridge() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setNotifier({
      error: (text) => void api.error(text),
      success: (text) => void api.success(text),
      info: (text) => void api.info(text),
    });
    return () => setNotifier(null);
  }, [api]);
  return holder;
}

/**
 * Routes shared code's toasts (`lib/notify`) to antd's themed message API. A chunk of its own:
 * the shell mounts it on the first toast (`onFirstToast`), so no screen's first load carries it.
 */
export default function MessageBridge() {
  return (
    <Themed>
      <Bridge />
    </Themed>
  );
}
