import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Tabs from 'antd/es/tabs';
import { Themed } from '../themed';

/*
 * The antd components the light ones stand in for (`lite.tsx`), with the theme: one lazy
 * import, fetched when the visitor first reaches for one of them.
 */
export { Alert, Button, Result, Select, Tabs, Themed };
