import { useTenant } from '@forecourt/shared-config';
import { Route, Routes } from '@forecourt/shared-config/router';
import { FinancePage } from '../features/finance-page/components/finance-page';

/**
 * The routes of routes.json, the dealer's own finance link (tenant `finance.link`) and the Equifax
 * finance page (tenant `finance.equifaxFinance`); the shell mounts this app only on paths it owns
 * (the platform adds the site's two to the manifest), so a site without them answers 404.
 */
export function FinanceRoutes() {
  const { finance } = useTenant();
  return (
    <Routes>
      <Route path="/finance" element={<FinancePage />} />
      <Route path="/apply-for-finance" element={<FinancePage />} />
      <Route path="/finance-enquiry" element={<FinancePage />} />
      <Route path="/personalised/finance" element={<FinancePage />} />
      {finance.link && <Route path={finance.link} element={<FinancePage />} />}
      {finance.equifaxFinance && <Route path="/equifax-finance" element={<FinancePage creditCheck />} />}
    </Routes>
  );
}
