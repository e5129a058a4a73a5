export { searchService, SEARCH_LIMITS, type SearchServiceOptions } from './plugin';
export {
  KeyStore,
  generateSecuredApiKey,
  type KeyStoreOptions,
  type Principal,
  type SecuredRestrictions,
} from './keys';
export type { SearchObservation, SearchObserver } from './observer';
