import { useApiRead } from '@forecourt/shared-config';
import { testDriveTimesSchema, type AvailabilityDay } from '../../../contract';

export type TestDriveTimes =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; days: AvailabilityDay[] } | { status: 'failed' };

/** The times a location offers for a test drive (`GET /api/leads/test-drive-times`), once the location is known. */
export function useTestDriveTimes(locationId: string | null): TestDriveTimes {
  const read = useApiRead(
    'mf-leads',
    locationId ? `/api/leads/test-drive-times?location_id=${encodeURIComponent(locationId)}` : null,
    testDriveTimesSchema,
  );
  if (!locationId) return { status: 'idle' };
  if (read.status === 'loading') return read;
  return read.status === 'ready' ? { status: 'ready', days: read.data.days } : { status: 'failed' };
}
