import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import SectionDashboard from './section-dashboard';
import SectionProviders from './section-providers';
import SectionMoney from './section-money';
import SectionUsers from './section-users';
import SectionSites from './section-sites';
import SectionTasks from './section-tasks';
import SectionAudit from './section-audit';

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
 * lazy component. The console's own sections ride in its chunk (`now`): one lazy chunk per
 * section made the bundler split antd's shared code out of the first page's chunk (+1.5 KB of
 * first-page JavaScript); another feature's section stays a lazy chunk of its own. Another feature plugs in an operator screen with one line here, e.g.
 * `{ key: 'moderation', labelKey: <a literal admin:sections key>, icon: EyeOutlined,
 *    component: lazy(() => import('../works/admin-moderation')) }` (and its label in the locales).
 */
export interface AdminSection {
  key: string;
  labelKey: string;
  icon: ComponentType;
  component: LazyExoticComponent<ComponentType>;
}

/** A section bundled with the console itself (its own sections); other features' stay lazy chunks. */
const now = (component: ComponentType) => lazy(async () => ({ default: component }));

export const sections: AdminSection[] = [
  {
    key: 'dashboard',
    labelKey: 'admin:sections.dashboard',
    icon: DashboardOutlined,
    component: now(SectionDashboard),
  },
  {
    key: 'providers',
    labelKey: 'admin:sections.providers',
    icon: ApiOutlined,
    component: now(SectionProviders),
  },
  {
    key: 'money',
    labelKey: 'admin:sections.money',
    icon: WalletOutlined,
    component: now(SectionMoney),
  },
  {
    key: 'users',
    labelKey: 'admin:sections.users',
    icon: TeamOutlined,
    component: now(SectionUsers),
  },
  {
    key: 'sites',
    labelKey: 'admin:sections.sites',
    icon: GlobalOutlined,
    component: now(SectionSites),
  },
  {
    key: 'tasks',
    labelKey: 'admin:sections.tasks',
    icon: ScheduleOutlined,
    component: now(SectionTasks),
  },
  {
    key: 'audit',
    labelKey: 'admin:sections.audit',
    icon: AuditOutlined,
    component: now(SectionAudit),
  },
];
