// Fixture: the runtime layer importing the platform above it.
import { uiCarId } from '../../src/ui';

export const text = uiCarId;
