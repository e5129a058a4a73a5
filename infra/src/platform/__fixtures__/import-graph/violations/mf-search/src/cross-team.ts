import type { Listing } from '../../mf-vehicle/src/contract';

export const listingId = (listing: Listing) => listing.id;
