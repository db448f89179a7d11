import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/mind';

export default {
  prompt: {
    label: 'Topic',
    placeholder:
      'A topic, e.g. “How to prepare for a tech interview”. Enter generates, Shift+Enter adds a line',
    required: 'Enter a topic',
  },
  model: {
    label: 'Model',
    loading: 'Loading models…',
    none: 'No chat model is available yet',
    failed: 'Could not load the models',
  },
  retry: 'Retry',
  generate: 'Generate',
  stop: 'Stop',
  guest: {
    hint: 'You are using Atelier as a guest; a mind map costs credits like a chat answer.',
    login: 'Sign in / Register',
  },
  failed: 'The mind map could not be generated',
  empty:
    'Give a topic: the AI turns it into an outline, drawn live as a mind map you can zoom, fold and export.',
  waiting: 'Waiting for the outline…',
  examples: {
    a: 'How to prepare for a tech interview',
    b: 'Kinds of coffee and how to brew them',
    c: 'Learn TypeScript in a week',
  },
  map: {
    label: 'Mind map: {{title}}',
  },
  toolbar: {
    label: 'Map tools',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    fit: 'Fit to view',
    expandAll: 'Expand all',
    collapse: 'Collapse to two levels',
    exportSvg: 'Export SVG',
    exportPng: 'Export PNG',
  },
  streaming: 'Generating…',
  nodes: '{{count}} nodes',
  outline: {
    title: 'Outline (Markdown)',
    hint: 'Edit the outline and the map follows. Click the dot beside a node to fold its branch.',
  },
  history: {
    open: 'Recent maps',
    title: 'Recent maps',
    empty: 'No mind maps yet',
    clear: 'Clear',
    cancel: 'Cancel',
    delete: 'Delete',
    deleteNamed: 'Delete {{title}}',
    deleteConfirm: 'Delete this mind map?',
  },
} satisfies LocaleShape<typeof zhCN>;
