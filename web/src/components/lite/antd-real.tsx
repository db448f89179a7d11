import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Popover from 'antd/es/popover';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Tabs from 'antd/es/tabs';
import Tooltip from 'antd/es/tooltip';
import { Themed } from '../themed';

/*
 * The antd components the light ones stand in for (`lite.tsx`), with the theme: one lazy
 * import, fetched when the visitor first reaches for one of them.
 */
export { Alert, Button, Drawer, Input, Modal, Popconfirm, Popover, Result, Select, Tabs, Tooltip };
export { Themed };
