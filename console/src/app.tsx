import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ConsoleLayout } from './layout/console-layout';
import { PlainFrame } from './layout/plain-frame';
import { AccountsPage } from './pages/accounts';
import { AuditPage } from './pages/audit';
import { EnrollPage } from './pages/enroll';
import { LeadDeliveryPage } from './pages/lead-delivery';
import { NotFoundPage } from './pages/not-found';
import { OverviewPage } from './pages/overview';
import { PublishesPage } from './pages/publishes';
import { RemotePage } from './pages/remote';
import { SearchHealthPage } from './pages/search-health';
import { StockPage } from './pages/stock';
import { StockKeysPage } from './pages/stock-keys';
import { NewTenantPage } from './pages/tenant-new';
import { TenantsPage } from './pages/tenants';
import { TenantSettingsPage } from './pages/tenant-settings';
import { returnPath, SignInPage } from './pages/sign-in';
import { useSession } from './session/session';
import { Button } from './ui/button';
import { ErrorNote } from './ui/error-note';
import { Loading, Page } from './ui/page';

/** A signed-out visit to a console page goes to sign-in, which comes back here afterwards. */
function ToSignIn() {
  const location = useLocation();
  return <Navigate to="/sign-in" replace state={{ from: `${location.pathname}${location.search}` }} />;
}

/** The console's pages; the router around it is the browser's (index.tsx) or a test's. */
export function ConsoleRoutes() {
  const { state, reload } = useSession();
  const location = useLocation();

  if (state.status === 'loading') {
    return (
      <PlainFrame>
        <Loading what="your session" />
      </PlainFrame>
    );
  }
  if (state.status === 'failed') {
    return (
      <PlainFrame>
        <Page title="The console cannot start">
          <ErrorNote lead="Could not ask for your session" message={state.error} />
          <Button tone="primary" onClick={reload}>
            Try again
          </Button>
        </Page>
      </PlainFrame>
    );
  }
  const signedIn = state.status === 'signed-in';
  return (
    <Routes>
      <Route path="/enroll" element={<EnrollPage />} />
      <Route
        path="/sign-in"
        element={
          signedIn ? (
            <Navigate to={returnPath(location.state)} replace />
          ) : (
            <SignInPage reason={state.status === 'signed-out' ? state.reason : null} />
          )
        }
      />
      <Route element={signedIn ? <ConsoleLayout /> : <ToSignIn />}>
        <Route index element={<TenantsPage />} />
        <Route path="tenants/:tenant" element={<OverviewPage />} />
        <Route path="tenants/new" element={<NewTenantPage />} />
        <Route path="tenants/:tenant/settings" element={<TenantSettingsPage />} />
        <Route path="tenants/:tenant/:team" element={<RemotePage />} />
        <Route path="publishes" element={<PublishesPage />} />
        <Route path="lead-delivery" element={<LeadDeliveryPage />} />
        <Route path="search" element={<SearchHealthPage />} />
        <Route path="stock" element={<StockPage />} />
        <Route path="stock-keys" element={<StockKeysPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="accounts" element={<AccountsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
