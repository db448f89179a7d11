import Modal, { type ModalProps } from 'antd/es/modal';
import type { ReactNode } from 'react';
import { useIsMobile } from './use-is-mobile';

/** A dialog: centred on a desktop, the whole width and height on a phone. */
export function SheetModal(props: ModalProps & { children: ReactNode }) {
  const mobile = useIsMobile();
  const sheet = mobile
    ? {
        width: '100vw',
        style: { top: 0, margin: 0, maxWidth: '100vw', paddingBottom: 0 },
        styles: { content: { minHeight: '100dvh', borderRadius: 0 } },
      }
    : { centered: true, width: props.width ?? 640 };
  return <Modal destroyOnHidden footer={null} {...props} {...sheet} />;
}
