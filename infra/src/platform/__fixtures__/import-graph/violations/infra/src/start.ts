// Fixture: the server importing the CLI above it.
import { help } from '../cli/src/main';

export const start = help;
