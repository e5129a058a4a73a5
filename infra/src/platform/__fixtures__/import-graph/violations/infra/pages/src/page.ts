// Fixture: a page importing the server above it.
import { uiCarId } from '../../src/ui';

export const page = uiCarId;
