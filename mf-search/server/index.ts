import { defineTeamServer } from '@forecourt/shared-config/server';
import packageJson from '../package.json';

/**
 * mf-search's API under /api/search/ (status so far). The team declares the ports it needs here and
 * infra passes implementations when it mounts the plugin (tests pass their own); this folder never
 * imports infra.
 */
export default defineTeamServer({ team: 'mf-search', version: packageJson.version });
