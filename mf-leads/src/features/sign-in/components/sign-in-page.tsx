import { useTenant } from '@forecourt/shared-config';
import { useSearchParams } from '@forecourt/shared-config/router';
import { LeadPageLayout } from '../../lead-pages/components/lead-page-layout';
import { readSignInRequest } from '../lib/sign-in-params';

/** /sign-in?type=...&redirect=...&back=...: sign-in by phone with a one-time code. */
export function SignInPage() {
  const tenant = useTenant();
  const [query] = useSearchParams();
  const { reason, redirect, back } = readSignInRequest(query, tenant.search.itemNoun);
  return (
    <LeadPageLayout heading="Sign in">
      <p>{reason}</p>
      <p>Signing in uses your mobile number and a one-time code sent to it by SMS.</p>
      {redirect && <p>After signing in you will return to {redirect}</p>}
      {back && (
        <p>
          <a href={back}>Go back</a>
        </p>
      )}
    </LeadPageLayout>
  );
}
