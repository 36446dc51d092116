import { type ComponentType, lazy } from 'react';

/**
 * Loads a component drawn with antd together with AntdScope and renders it
 * inside: antd's theme, and App.useApp() answering (AntdScope.tsx). For what
 * the shell and the home load lazily, which render outside any scope.
 */
export async function loadInAntdScope<TProps extends object>(
  load: () => Promise<ComponentType<TProps>>,
): Promise<ComponentType<TProps>> {
  const [Component, { AntdScope }] = await Promise.all([load(), import('./AntdScope')]);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazily loaded module, whose result the router and React.lazy keep.
  return function InAntdScope(props: TProps) {
    return (
      <AntdScope>
        <Component {...props} />
      </AntdScope>
    );
  };
}

/** React.lazy of a component drawn with antd, rendered in AntdScope. */
export function lazyInAntdScope<TProps extends object>(load: () => Promise<ComponentType<TProps>>) {
  return lazy(async () => ({ default: await loadInAntdScope(load) }));
}
