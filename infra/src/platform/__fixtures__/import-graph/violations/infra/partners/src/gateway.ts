// Fixture: a partner adapter importing the server above it.
import { uiCarId } from '../../src/ui';

export const gateway = uiCarId;
