// Fixture: the admin API's contract importing infra's own code (breaks admin-contract-only-zod).
import { uiCarId } from '../../src/ui';

export const contractCarId = uiCarId;
