// Fixture: the search service importing the server above it.
import { uiCarId } from '../../src/ui';

export const indexer = uiCarId;
