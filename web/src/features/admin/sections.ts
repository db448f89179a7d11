import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import {
  AuditOutlined,
  ApiOutlined,
  DashboardOutlined,
  GlobalOutlined,
  ScheduleOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';

/**
 * The console's sections: key (its URL, `/admin/<key>`), label (a literal i18n key), icon and
 * lazy component. Another feature plugs in an operator screen with one line here, e.g.
 * `{ key: 'moderation', labelKey: <a literal admin:sections key>, icon: EyeOutlined,
 *    component: lazy(() => import('../works/admin-moderation')) }` (and its label in the locales).
 */
export interface AdminSection {
  key: string;
  labelKey: string;
  icon: ComponentType;
  component: LazyExoticComponent<ComponentType>;
}

export const sections: AdminSection[] = [
  {
    key: 'dashboard',
    labelKey: 'admin:sections.dashboard',
    icon: DashboardOutlined,
    component: lazy(() => import('./section-dashboard')),
  },
  {
    key: 'providers',
    labelKey: 'admin:sections.providers',
    icon: ApiOutlined,
    component: lazy(() => import('./section-providers')),
  },
  {
    key: 'money',
    labelKey: 'admin:sections.money',
    icon: WalletOutlined,
    component: lazy(() => import('./section-money')),
  },
  {
    key: 'users',
    labelKey: 'admin:sections.users',
    icon: TeamOutlined,
    component: lazy(() => import('./section-users')),
  },
  {
    key: 'sites',
    labelKey: 'admin:sections.sites',
    icon: GlobalOutlined,
    component: lazy(() => import('./section-sites')),
  },
  {
    key: 'tasks',
    labelKey: 'admin:sections.tasks',
    icon: ScheduleOutlined,
    component: lazy(() => import('./section-tasks')),
  },
  {
    key: 'audit',
    labelKey: 'admin:sections.audit',
    icon: AuditOutlined,
    component: lazy(() => import('./section-audit')),
  },
];
