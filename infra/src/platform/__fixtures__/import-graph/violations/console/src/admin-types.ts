// Fixture: the operator console importing infra (breaks team-boundary).
import { uiCarId } from '../../infra/src/ui';

export const consoleCarId = uiCarId;
