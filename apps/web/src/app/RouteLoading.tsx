import Spin from 'antd/es/spin';

/** Shown while the first route's page chunk loads. */
export function RouteLoading() {
  return (
    <div className="route-loading">
      <Spin size="large" />
    </div>
  );
}
