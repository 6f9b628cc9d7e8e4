import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { PlaceholderPage } from '../layout/placeholder-page.tsx';

/** Placeholder until issue 7 builds the dashboard. */
export default function DashboardRoute() {
  return (
    <PlaceholderPage title="My Orders">
      <p>Your orders will appear here.</p>
      <Link to="/order" className={`${buttonClasses()} mt-4`}>
        New Order
      </Link>
    </PlaceholderPage>
  );
}
