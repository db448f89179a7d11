import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/user';

export default {} satisfies LocaleShape<typeof zhCN>;
