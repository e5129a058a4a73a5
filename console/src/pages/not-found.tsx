import { Link } from 'react-router';
import { Page } from '../ui/page';

export function NotFoundPage() {
  return (
    <Page title="Not found">
      <p>
        The console has no page at this address. <Link to="/">See the tenants</Link>.
      </p>
    </Page>
  );
}
