import { useSiteLocations } from '../../../lib/api/locations';
import { LocationsCarousel } from './locations-carousel';

/** Props of the exposed `mf_locations/OurLocations` (all optional). */
export interface OurLocationsProps {
  heading?: string;
}

/**
 * The exposed `mf_locations/OurLocations`: the site's locations as the Our Locations carousel,
 * for another team's page (mf-search's home). A site with one location has nothing to page
 * through: its contact card says it all, so this shows nothing there.
 */
export default function OurLocations({ heading = 'Our Locations' }: OurLocationsProps) {
  const loaded = useSiteLocations();
  if (loaded.status !== 'ready' || loaded.value.length < 2) return null;
  return (
    <div data-boundary="mf-locations">
      <LocationsCarousel locations={loaded.value} heading={heading} />
    </div>
  );
}
