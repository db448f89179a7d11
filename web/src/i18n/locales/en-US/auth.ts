import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/auth';

export default {} satisfies LocaleShape<typeof zhCN>;
