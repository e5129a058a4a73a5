// Fixture: the data layer importing the server above it.
import { uiCarId } from '../../src/ui';

export const stock = uiCarId;
