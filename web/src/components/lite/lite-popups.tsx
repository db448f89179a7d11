import type { DrawerProps } from 'antd/es/drawer';
import type { InputProps, TextAreaProps } from 'antd/es/input';
import type { ModalFuncProps, ModalProps } from 'antd/es/modal';
import type { PopconfirmProps } from 'antd/es/popconfirm';
import type { PopoverProps } from 'antd/es/popover';
import type { TooltipProps } from 'antd/es/tooltip';
import {
  cloneElement,
  isValidElement,
  useEffect,
  useState,
  type ComponentType,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { onDemand, useRealAntd, wake, type Real } from './lite-core';

/*
 * Stand-ins for antd's popups and fields that a screen's first view does not show (dialogs,
 * drawers, tooltips, confirmations, editors): nothing, or their trigger alone, until antd is
 * there (lite.tsx, lite-core.tsx).
 */

/**
 * A dialog or drawer: nothing while closed and antd is not there (it opens on an action, which
 * loads antd); once open, loads antd and shows the real one.
 */
function whenOpen<P extends { open?: boolean }>(pick: (antd: Real) => ComponentType<P>) {
  const Real = onDemand(pick);
  return function WhenOpen(props: P) {
    const antd = useRealAntd();
    if (!antd && !props.open) return null;
    return <Real {...props} />;
  };
}

/** antd's `Modal` (a closed one draws nothing until antd is there). */
export const Modal = whenOpen<ModalProps>((antd) => antd.Modal);
/** antd's `Drawer` (a closed one draws nothing until antd is there). */
export const Drawer = whenOpen<DrawerProps>((antd) => antd.Drawer);
/** antd's `Input`, shown once antd is there (a field opened by an action: rename, a link). */
export const Input = onDemand<InputProps>((antd) => antd.Input);
/** antd's `Input.TextArea`, shown once antd is there (an editor opened by an action). */
export const TextArea = onDemand<TextAreaProps>((antd) => antd.Input.TextArea);

/** A confirmation dialog API like `Modal.useModal()`'s, whose dialogs load antd first. */
type ConfirmApi = { confirm: (config: ModalFuncProps) => void };

/**
 * `Modal.useModal()` without antd until a dialog is asked for: `holder` goes into the tree as
 * antd's does; `confirm` loads antd, then shows the dialog through the real hook's API.
 */
export function useModal(): [ConfirmApi, ReactElement] {
  const [queue, setQueue] = useState<ModalFuncProps[]>([]);
  const [api] = useState<ConfirmApi>(() => ({
    confirm: (config) => {
      wake();
      setQueue((q) => [...q, config]);
    },
  }));
  return [api, <ModalHolder key="lite-modal" queue={queue} onShown={() => setQueue([])} />];
}

function ModalHolder(props: { queue: ModalFuncProps[]; onShown: () => void }) {
  const antd = useRealAntd();
  if (!antd) return null;
  return (
    <antd.Themed>
      <RealModalHolder modal={antd.Modal} {...props} />
    </antd.Themed>
  );
}

function RealModalHolder(props: {
  modal: Real['Modal'];
  queue: ModalFuncProps[];
  onShown: () => void;
}) {
  const [modal, holder] = props.modal.useModal();
  const { queue, onShown } = props;
  useEffect(() => {
    if (queue.length === 0) return;
    for (const config of queue) void modal.confirm(config);
    onShown();
  }, [queue, modal, onShown]);
  return holder;
}

/** antd's `Tooltip`: its child alone until antd is there (hovering a light control loads it). */
export function Tooltip(props: TooltipProps) {
  const antd = useRealAntd();
  if (!antd) return <>{props.children}</>;
  return (
    <antd.Themed>
      <antd.Tooltip {...props} />
    </antd.Themed>
  );
}

/**
 * A popup opened by pressing its child (`Popconfirm`, `Popover`): the child alone until antd is
 * there; pressed, it loads antd and the real popup opens.
 */
function pressToOpen<P extends { children?: ReactNode; defaultOpen?: boolean }>(
  pick: (antd: Real) => ComponentType<P>,
) {
  return function PressToOpen(props: P) {
    const antd = useRealAntd();
    const [pressed, setPressed] = useState(false);
    if (antd) {
      const Component = pick(antd);
      return (
        <antd.Themed>
          <Component {...props} defaultOpen={props.defaultOpen || pressed} />
        </antd.Themed>
      );
    }
    const child = props.children;
    if (!isValidElement<{ onClick?: (e: MouseEvent) => void }>(child)) return <>{child}</>;
    return cloneElement(child, {
      onClick: (e: MouseEvent) => {
        child.props.onClick?.(e);
        setPressed(true);
        wake();
      },
    });
  };
}

/** antd's `Popconfirm` (its child until antd is there). */
export const Popconfirm = pressToOpen<PopconfirmProps>((antd) => antd.Popconfirm);
/** antd's `Popover` opened by a press (its child until antd is there). */
export const Popover = pressToOpen<PopoverProps>((antd) => antd.Popover);
