import { lazy } from 'react';
import { AppstoreOutlined, EyeOutlined, ShopOutlined } from '@ant-design/icons';
import AdminScreen from '../features/admin/admin-screen';
import type { AdminSection } from '../features/admin/sections';

/**
 * The operator console with the operator screens other features own (a feature may not import
 * another, so they are joined here): each stays a lazy chunk of its own. One line per screen.
 */
const extra: AdminSection[] = [
  {
    key: 'moderation',
    labelKey: 'admin:sections.moderation',
    icon: EyeOutlined,
    component: lazy(() => import('../features/works/admin-reports')),
  },
  {
    key: 'market',
    labelKey: 'admin:sections.market',
    icon: ShopOutlined,
    component: lazy(() => import('../features/market/admin-market')),
  },
  {
    key: 'stable-diffusion',
    labelKey: 'admin:sections.stableDiffusion',
    icon: AppstoreOutlined,
    component: lazy(() => import('../features/tools/admin-sd')),
  },
];

export default function AdminHost() {
  return <AdminScreen extra={extra} />;
}
