// Fixture: stock in importing the server above it.
import { uiCarId } from '../../src/ui';

export const write = uiCarId;
