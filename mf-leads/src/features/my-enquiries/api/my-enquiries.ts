import { useApiRead, type ApiRead } from '@forecourt/shared-config';
import { MY_ENQUIRIES_PATH, myEnquiriesSchema, type MyEnquiries } from '../../../contract';

/** The signed-in shopper's enquiries on this site, newest first ('signed-out' without a session). */
export function useMyEnquiries(): ApiRead<MyEnquiries> {
  return useApiRead('mf-leads', MY_ENQUIRIES_PATH, myEnquiriesSchema);
}
