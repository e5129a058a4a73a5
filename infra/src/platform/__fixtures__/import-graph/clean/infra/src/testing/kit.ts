// Fixture: a test kit, used by a test.
import { search } from '../../search-engine/src/engine';

export const searched = search('kit');
