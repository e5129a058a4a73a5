import { defineRemoteApp } from '@forecourt/shared-config';
import { LeadsRoutes } from './leads-app';

export const { bootstrap, mount, unmount } = defineRemoteApp({
  team: __FORECOURT_TEAM__,
  version: __FORECOURT_VERSION__,
  fault: __FORECOURT_FAULT__,
  Routes: LeadsRoutes,
  contract: 2,
});
