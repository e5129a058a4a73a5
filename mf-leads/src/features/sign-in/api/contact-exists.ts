import { apiRead } from '@forecourt/shared-config';
import { isMobile, normalisePhone } from '@forecourt/shared-config/identity';
import { useEffect, useState } from 'react';
import { contactExistsSchema } from '../../../contract';

/**
 * The spec's `GET /api/check-if-contact-exists?phone_number={phone}` (query only; reads `data`,
 * `error`): whether a mobile number is already a contact of this site (one that was sent a
 * sign-in code here before).
 *
 * Used by the sign-in page (not in the spec where): a number the site knows is sent its code at
 * once, without asking again for the name and email the site has; a new number is asked for
 * them (optional), to go with its code as the spec's user metadata. The answer is only
 * exists or not, never a name or an email, and the page shows nothing of a known contact (no
 * greeting by name), so typing a stranger's number tells nothing about them beyond what Send
 * Code would; the server limits the call per address (30 an hour) so numbers cannot be swept.
 * The spec puts the number in the query string; the platform rule is no personal data in URLs,
 * so the call is made only for a complete mobile number, once per number, never cached.
 */
export type ContactStatus = 'unknown' | 'known' | 'new';

export const CONTACT_EXISTS_PATH = '/api/check-if-contact-exists';

/** 'known' or 'new'; 'unknown' when the site could not say (limited, offline): the page then asks nothing extra. */
export async function fetchContactStatus(phone: string): Promise<ContactStatus> {
  // Not kept with the page's answers: the number is personal, and each is asked once anyway.
  const answer = await apiRead(
    `${CONTACT_EXISTS_PATH}?phone_number=${encodeURIComponent(phone)}`,
    contactExistsSchema,
    { keep: false, team: 'mf-leads' },
  );
  if (answer.status !== 'ready' || !answer.data.data) return 'unknown';
  return answer.data.data.exists ? 'known' : 'new';
}

/** The contact status of the number as typed: asked once it is a complete Australian mobile, and once per number. */
export function useContactStatus(phone: string): ContactStatus {
  const normalised = normalisePhone(phone);
  const complete = isMobile(normalised);
  const [answers, setAnswers] = useState<Record<string, ContactStatus>>({});
  useEffect(() => {
    if (!complete || answers[normalised] !== undefined) return;
    let current = true;
    void fetchContactStatus(normalised).then((status) => {
      if (current) setAnswers((before) => ({ ...before, [normalised]: status }));
    });
    return () => {
      current = false;
    };
  }, [complete, normalised, answers]);
  return complete ? (answers[normalised] ?? 'unknown') : 'unknown';
}
