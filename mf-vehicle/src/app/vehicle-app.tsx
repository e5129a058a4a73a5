import { Route, Routes } from '@forecourt/shared-config/router';
import { CheckoutPage } from '../features/checkout/components/checkout-page';
import { PrintPage } from '../features/print/components/print-page';
import { VehiclePage } from '../features/vehicle-page/components/vehicle-page';

/** The routes of routes.json; the shell mounts this app only on paths it owns. */
export function VehicleRoutes() {
  return (
    <Routes>
      <Route path="/cars/:slug" element={<VehiclePage />} />
      <Route path="/cars/:slug/checkout" element={<CheckoutPage />} />
      <Route path="/cars/:slug/buy-online" element={<CheckoutPage />} />
      <Route path="/checkout-journey" element={<CheckoutPage />} />
      <Route path="/print" element={<PrintPage />} />
    </Routes>
  );
}
