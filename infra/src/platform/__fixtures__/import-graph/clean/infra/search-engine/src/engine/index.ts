// Fixture: the engine, importing only the runtime layer.
import { wellFormed } from '../../../runtime/src/text';

export const search = (query: string) => wellFormed(query);
