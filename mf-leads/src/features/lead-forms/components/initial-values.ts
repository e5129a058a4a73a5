import { useSession } from '@forecourt/shared-config';
import { formatPhone } from '@forecourt/shared-config/identity';
import { storedUserDetails } from '@forecourt/shared-config/leads';
import { useState } from 'react';

/**
 * A form's first values: the shopper's details from earlier in this tab (sessionStorage; nothing
 * personal is kept in localStorage), the signed-in mobile number when none was typed yet, and
 * the form's own defaults (opt-in ticked, spec §5). Read once, when the form opens.
 */
export function useInitialValues(defaults: Record<string, unknown>): Record<string, unknown> {
  const session = useSession();
  const [values] = useState(() => {
    const stored = storedUserDetails();
    const phone = stored.phone ?? (session.status === 'signed-in' ? formatPhone(session.user.phone) : undefined);
    return {
      opt_in: true,
      ...stored,
      ...(phone ? { phone } : {}),
      ...Object.fromEntries(
        Object.entries(defaults).filter(([, value]) => value !== undefined && value !== null && value !== ''),
      ),
    };
  });
  return values;
}
