/** Traditional Chinese: mirrors zh-CN key for key (each namespace `satisfies` its zh-CN shape). */
import auth from './auth';
import common from './common';
import dialogs from './dialogs';
import errors from './errors';
import menu from './menu';
import pay from './pay';
import screens from './screens';
import shell from './shell';
import user from './user';
import welcome from './welcome';

const zhTW = { common, menu, errors, shell, screens, auth, user, dialogs, welcome, pay };
export default zhTW;
