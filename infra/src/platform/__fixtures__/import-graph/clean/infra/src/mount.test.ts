// Fixture: a test may use the test kit.
import { searched } from './testing/kit';

export const ok = searched;
