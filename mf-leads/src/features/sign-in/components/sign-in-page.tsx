import { paths, signOut, SURFACE, useFirstPaintHandover, useSession, useTenant } from '@forecourt/shared-config';
import { formatPhone } from '@forecourt/shared-config/identity';
import { useSearchParams } from '@forecourt/shared-config/router';
import { LeadPageLayout } from '../../lead-pages/components/lead-page-layout';
import { readSignInRequest } from '../lib/sign-in-params';
import { SignInForm } from './sign-in-form';

/**
 * /sign-in?type=...&redirect=...&back=...: sign-in by phone with a one-time code, then back to
 * `redirect` (a path on this site only). Signed in already, it says so and offers to sign out.
 */
export function SignInPage() {
  const tenant = useTenant();
  const session = useSession();
  const [query] = useSearchParams();
  const { reason, redirect, back } = readSignInRequest(query, tenant.search.itemNoun);
  const destination = redirect ?? paths.home();
  // The page shows what the server painted from its first render (the address and the session).
  useFirstPaintHandover('mf-leads', true);
  return (
    <LeadPageLayout heading="Sign in">
      {session.status === 'signed-in' ? (
        <>
          <p>{`You are signed in as ${formatPhone(session.user.phone)}.`}</p>
          <p>
            <a href={destination}>Continue</a> · <a href={paths.watchlist()}>Your watchlist</a>
          </p>
          <button
            type="button"
            onClick={() => void signOut()}
            css={{
              font: 'inherit',
              fontWeight: 600,
              padding: '0.6rem 1.1rem',
              borderRadius: 6,
              border: '1px solid currentColor',
              background: SURFACE.background,
              cursor: 'pointer',
            }}
          >
            Sign out
          </button>
        </>
      ) : (
        <>
          <p>{reason}</p>
          <p>
            Signing in uses your mobile number and a one-time code sent to it by SMS. We never show your number to
            anyone else.
          </p>
          <SignInForm onSignedIn={() => location.assign(destination)} />
          {back && (
            <p>
              <a href={back}>Go back</a>
            </p>
          )}
        </>
      )}
    </LeadPageLayout>
  );
}
