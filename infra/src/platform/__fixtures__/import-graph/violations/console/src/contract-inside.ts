// Fixture: the console reaching into the contract past its entry (breaks team-boundary).
import { pinText } from '../../infra/admin-contract/src/pins';

export const shown = pinText;
