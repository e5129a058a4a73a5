// Fixture: the demo data importing the server above it.
import { uiCarId } from '../../src/ui';

export const seed = uiCarId;
