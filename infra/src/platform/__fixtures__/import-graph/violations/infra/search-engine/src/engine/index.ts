// Fixture: the engine importing its own package's HTTP layer (a framework of ours).
import { plugin } from '../http/plugin';

export const engine = plugin;
