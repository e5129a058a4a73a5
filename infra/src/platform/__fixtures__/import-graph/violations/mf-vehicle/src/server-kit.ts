// Fixture: browser code importing shared-config's server kit (breaks browser-not-server-kit).
import { kit } from '../../shared-config/src/server/kit';

export const used = kit;
