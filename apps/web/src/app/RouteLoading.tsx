import { Spinner } from '../components/ui/Spinner';

/** Shown while the first route's page chunk loads. */
export function RouteLoading() {
  return (
    <div className="route-loading" aria-busy="true">
      <Spinner size="large" />
    </div>
  );
}
