// Fixture: the console reading the contract's entry, which it may.
import type { Overview } from '../../infra/admin-contract/src/index';

export const windowOf = (overview: Overview) => overview.window;
