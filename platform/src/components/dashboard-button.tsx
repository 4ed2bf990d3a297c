import { IconLayoutDashboard } from '@tabler/icons-react';
import { DASHBOARD_PATH } from '@toolbox/sdk';
import { HeaderIconLink, useSession } from '@toolbox/sdk/react';
import classes from './dashboard-button.module.css';

/**
 * A signed-in person's way back to their dashboard from the public pages, among the header's icon
 * buttons; a visitor sees nothing. Until the app shows a stored session, an empty box of its size
 * holds its place, so the header does not grow under the reader when it comes.
 */
export function DashboardButton() {
  const { user } = useSession();
  if (!user) return <span className={classes.room} aria-hidden />;
  return (
    <HeaderIconLink to={DASHBOARD_PATH} label="Dashboard">
      <IconLayoutDashboard size={18} aria-hidden />
    </HeaderIconLink>
  );
}
