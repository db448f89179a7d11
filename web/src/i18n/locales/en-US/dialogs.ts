import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/dialogs';

export default {} satisfies LocaleShape<typeof zhCN>;
