import { paths, useTenant } from '@forecourt/shared-config';

export function NotFound() {
  const tenant = useTenant();
  return (
    <section
      data-boundary="shell"
      aria-labelledby="not-found-title"
      css={{ maxWidth: '40rem', margin: '3rem auto', padding: '0 1rem' }}
    >
      <h1 id="not-found-title">Page not found</h1>
      <p>
        We couldn&apos;t find that page on {tenant.name}&apos;s site. It may have moved, or the {tenant.search.itemNoun}{' '}
        may have sold.
      </p>
      <p>
        <a href={paths.search()}>Browse all our {tenant.search.itemNoun}s</a> or{' '}
        <a href={paths.home()}>go to the home page</a>.
      </p>
    </section>
  );
}
