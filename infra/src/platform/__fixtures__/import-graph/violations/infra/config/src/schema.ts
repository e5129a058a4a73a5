// Fixture: the configuration importing the server above it.
import { uiCarId } from '../../src/ui';

export const schema = uiCarId;
