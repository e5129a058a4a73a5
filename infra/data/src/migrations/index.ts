import type { Migration, MigrationProvider } from 'kysely';
import { platform0001 } from './0001_platform';
import { stock0002 } from './0002_stock';
import { identity0003 } from './0003_identity';
import { leads0004 } from './0004_leads';
import { miscellaneous0005 } from './0005_miscellaneous';
import { leadPhone0006 } from './0006_lead_phone';
import { reservations0007 } from './0007_reservations';
import { canaries0008 } from './0008_canaries';
import { versionHealth0010 } from './0010_version_health';
import { publishes0011 } from './0011_publishes';
import { reservationClaims0012 } from './0012_reservation_claims';
import { testDriveSlots0013 } from './0013_test_drive_slots';
import { operators0014 } from './0014_operators';
import { operatorSessions0015 } from './0015_operator_sessions';
import { versionHealthBuckets0016 } from './0016_version_health_buckets';
import { consoleData0017 } from './0017_console_data';
import { pendingContact0018 } from './0018_pending_contact';
import { stockApi0019 } from './0019_stock_api';
import { stockImports0020 } from './0020_stock_imports';
import { feedSchedules0021 } from './0021_feed_schedules';
import { importProgress0022 } from './0022_import_progress';
import { carPhotos0023 } from './0023_car_photos';
import { importAppliedAnyway0024 } from './0024_import_applied_anyway';
import { photoSweep0025 } from './0025_photo_sweep';
import { tenants0026 } from './0026_tenants';

/**
 * Migrations live in code, not in a scanned folder: nothing depends on the working directory or
 * on how the files were transpiled, and the order is the order of this list.
 *
 * There is no 0009, and there must not be one: no migration ever had that number (the publish
 * audit, planned as 0009, was numbered 0011 once version health had taken 0010). Databases have
 * run 0010 and later, and the migrator refuses a migration that sorts before one it has run, so
 * filling the gap would stop them migrating. A new migration takes the number after the last.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_platform': platform0001,
  '0002_stock': stock0002,
  '0003_identity': identity0003,
  '0004_leads': leads0004,
  '0005_miscellaneous': miscellaneous0005,
  '0006_lead_phone': leadPhone0006,
  '0007_reservations': reservations0007,
  '0008_canaries': canaries0008,
  '0010_version_health': versionHealth0010,
  '0011_publishes': publishes0011,
  '0012_reservation_claims': reservationClaims0012,
  '0013_test_drive_slots': testDriveSlots0013,
  '0014_operators': operators0014,
  '0015_operator_sessions': operatorSessions0015,
  '0016_version_health_buckets': versionHealthBuckets0016,
  '0017_console_data': consoleData0017,
  '0018_pending_contact': pendingContact0018,
  '0019_stock_api': stockApi0019,
  '0020_stock_imports': stockImports0020,
  '0021_feed_schedules': feedSchedules0021,
  '0022_import_progress': importProgress0022,
  '0023_car_photos': carPhotos0023,
  '0024_import_applied_anyway': importAppliedAnyway0024,
  '0025_photo_sweep': photoSweep0025,
  '0026_tenants': tenants0026,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
