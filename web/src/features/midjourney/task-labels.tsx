import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { TaskStatus, type drawing } from '@atelier/contracts';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ButtonKind } from './buttons';
import type { DrawTask } from './mj-data';

/* The texts and tags of a drawing's card: its action, its buttons and its status. */

const panIcons = {
  left: <ArrowLeftOutlined />,
  right: <ArrowRightOutlined />,
  up: <ArrowUpOutlined />,
  down: <ArrowDownOutlined />,
};

/** The label of an action (the card's title). */
export function useActionLabel() {
  const { t } = useTranslation();
  return (action: drawing.DrawAction): string => {
    switch (action) {
      case 'imagine':
        return t('midjourney:actions.imagine');
      case 'upscale':
        return t('midjourney:actions.upscale');
      case 'variation':
      case 'high_variation':
      case 'low_variation':
        return t('midjourney:actions.variation');
      case 'reroll':
        return t('midjourney:actions.reroll');
      case 'zoom':
      case 'custom_zoom':
        return t('midjourney:actions.zoom');
      case 'pan':
        return t('midjourney:actions.pan');
      case 'upscale_subtle':
      case 'upscale_creative':
        return t('midjourney:actions.upscaleHd');
      case 'inpaint':
        return t('midjourney:actions.inpaint');
      case 'blend':
        return t('midjourney:actions.blend');
      case 'describe':
        return t('midjourney:actions.describe');
      case 'faceswap':
        return t('midjourney:actions.faceswap');
      case 'video':
        return t('midjourney:actions.video');
      case 'video_extend':
        return t('midjourney:actions.videoExtend');
      default:
        return t('midjourney:actions.chatDraw');
    }
  };
}

/** The text and icon of a result button. */
export function useButtonText() {
  const { t } = useTranslation();
  return (k: ButtonKind, label: string): { text: string; title: string; icon?: ReactNode } => {
    switch (k.kind) {
      case 'upscale':
        return { text: `U${k.index}`, title: t('midjourney:buttons.upscale', { n: k.index }) };
      case 'variation':
        return { text: `V${k.index}`, title: t('midjourney:buttons.variation', { n: k.index }) };
      case 'reroll':
        return {
          text: '',
          title: t('midjourney:buttons.reroll'),
          icon: <SyncOutlined />,
        };
      case 'varyStrong':
        return {
          text: t('midjourney:buttons.varyStrong'),
          title: t('midjourney:buttons.varyStrong'),
        };
      case 'varySubtle':
        return {
          text: t('midjourney:buttons.varySubtle'),
          title: t('midjourney:buttons.varySubtle'),
        };
      case 'zoomOut':
        return k.factor === 2
          ? { text: t('midjourney:buttons.zoomOut2'), title: t('midjourney:buttons.zoomOut2') }
          : { text: t('midjourney:buttons.zoomOut15'), title: t('midjourney:buttons.zoomOut15') };
      case 'customZoom':
        return {
          text: t('midjourney:buttons.customZoom'),
          title: t('midjourney:buttons.customZoom'),
        };
      case 'pan':
        return {
          text: '',
          icon: panIcons[k.direction],
          title:
            k.direction === 'left'
              ? t('midjourney:buttons.panLeft')
              : k.direction === 'right'
                ? t('midjourney:buttons.panRight')
                : k.direction === 'up'
                  ? t('midjourney:buttons.panUp')
                  : t('midjourney:buttons.panDown'),
        };
      case 'upscaleSubtle':
        return {
          text: t('midjourney:buttons.upscaleSubtle'),
          title: t('midjourney:buttons.upscaleSubtle'),
        };
      case 'upscaleCreative':
        return {
          text: t('midjourney:buttons.upscaleCreative'),
          title: t('midjourney:buttons.upscaleCreative'),
        };
      case 'varyRegion':
        return {
          text: t('midjourney:buttons.varyRegion'),
          title: t('midjourney:buttons.varyRegion'),
        };
      default:
        return { text: label || '…', title: label };
    }
  };
}

export function StatusTag({ task }: { task: DrawTask }) {
  const { t } = useTranslation();
  if (task.status === TaskStatus.queued)
    return <Tag color="default">{t('midjourney:status.queued')}</Tag>;
  if (task.status === TaskStatus.running)
    return <Tag color="processing">{t('midjourney:status.running')}</Tag>;
  if (task.status === TaskStatus.succeeded)
    return <Tag color="success">{t('midjourney:status.done')}</Tag>;
  return <Tag color="error">{t('midjourney:status.failed')}</Tag>;
}

/**
 * One drawing: its progress while queued or running, then its picture and the buttons the
 * upstream gave it (U1–U4, V1–V4, reroll, zoom, pan, upscale, vary region), or its error and a
 * redo. Delete asks first; a running one is cancelled and its credits returned.
 */
