import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Popover from 'antd/es/popover';
import Result from 'antd/es/result';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Slider from 'antd/es/slider';
import Switch from 'antd/es/switch';
import Tabs from 'antd/es/tabs';
import Tooltip from 'antd/es/tooltip';
import { Themed } from '../themed';

/*
 * The antd components the light ones stand in for (`lite.tsx`), with the theme: one lazy
 * import, fetched when the visitor first reaches for one of them.
 */
export {
  Alert,
  Button,
  Drawer,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Popover,
  Result,
  Segmented,
  Select,
  Slider,
  Switch,
  Tabs,
  Tooltip,
};
export { Themed };
