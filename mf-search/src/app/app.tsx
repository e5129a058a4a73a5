import { defineRemoteApp } from '@forecourt/shared-config';
import { SearchRoutes } from './search-app';

export const { bootstrap, mount, unmount } = defineRemoteApp({
  team: __FORECOURT_TEAM__,
  version: __FORECOURT_VERSION__,
  fault: __FORECOURT_FAULT__,
  Routes: SearchRoutes,
  contract: 2,
});
