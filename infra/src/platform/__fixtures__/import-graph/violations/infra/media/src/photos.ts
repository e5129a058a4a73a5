// Fixture: media importing the server above it.
import { uiCarId } from '../../src/ui';

export const photos = uiCarId;
