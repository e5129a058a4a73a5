// Fixture: the search engine's HTTP layer importing the server above it.
import { uiCarId } from '../../../src/ui';

export const plugin = uiCarId;
