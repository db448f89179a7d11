import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/errors';

export default {
  requestError: 'Request interface error',
  pleaseLogin: 'Please log in first',
  generic: 'Something went wrong, please try again later.',
  unauthorized: 'Unauthorized, please verify first.',
  network: 'Network connection failed, please check your network and retry.',
  timeout: 'The request timed out, please try again later.',
  exportFailed: 'Export Failed',
  importFailed: 'Please check the network status and JSON file validity.',
  failed: 'Failed',
  keyMismatch: 'Key value mismatch',
  titleDuplicate: 'Title duplicate, please re-enter',
  contentDuplicate: 'Content duplicate: {{msg}}, please re-enter',
  importSourceWarning: 'Note: Please check the JSON file source!',
} satisfies LocaleShape<typeof zhCN>;
