import { paths } from '@forecourt/shared-config';

/** With a car, the estimate is for that car (/personalised/finance?car_id=); else the finance page. */
export function financeCtaHref(carId?: string): string {
  const id = carId?.trim();
  return id ? paths.personalisedFinance(id) : paths.finance();
}
