// Fixture: a domain service importing the server above it.
import { uiCarId } from '../../src/ui';

export const leads = uiCarId;
