import { Route, Routes } from '@forecourt/shared-config/router';
import {
  CareersPage,
  ContactPage,
  SellCarPage,
  ServicePage,
  SuccessPage,
  TestDrivePage,
  TradeInPage,
} from '../features/lead-pages/components/lead-pages';
import { SignInPage } from '../features/sign-in/components/sign-in-page';

/** The routes of routes.json; the shell mounts this app only on paths it owns. */
export function LeadsRoutes() {
  return (
    <Routes>
      <Route path="/book-test-drive" element={<TestDrivePage />} />
      <Route path="/trade-in" element={<TradeInPage />} />
      <Route path="/cars/trade-in" element={<TradeInPage />} />
      <Route path="/sell-my-car" element={<SellCarPage />} />
      <Route path="/sell-your-car" element={<SellCarPage />} />
      <Route path="/contact" element={<ContactPage />} />
      <Route path="/contact-us" element={<ContactPage />} />
      <Route path="/contact-us/:slug" element={<ContactPage />} />
      <Route path="/careers" element={<CareersPage />} />
      <Route path="/service" element={<ServicePage />} />
      <Route path="/success" element={<SuccessPage />} />
      <Route path="/sign-in" element={<SignInPage />} />
    </Routes>
  );
}
