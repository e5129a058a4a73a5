// Fixture: release management importing the server above it.
import { uiCarId } from '../../src/ui';

export const registry = uiCarId;
