import { useEffect, useState } from 'react';
import type { Options } from 'react-markdown';

type PluggableList = NonNullable<Options['remarkPlugins']>;

export interface MathPlugins {
  remark: PluggableList;
  rehype: PluggableList;
}

let loaded: MathPlugins | null = null;
let loading: Promise<MathPlugins> | null = null;

const loadMathPlugins = (): Promise<MathPlugins> => {
  loading ??= import('./math-plugins').then((m) => {
    loaded = { remark: m.mathRemarkPlugins, rehype: m.mathRehypePlugins };
    return loaded;
  });
  loading.catch(() => {
    // A failed load (network) is tried again by the next message with math.
    loading = null;
  });
  return loading;
};

/**
 * The math plugins once a message needs them (`needed`): null until KaTeX has loaded, the text
 * showing as it is meanwhile; never loaded for messages without math.
 */
export function useMathPlugins(needed: boolean): MathPlugins | null {
  const [plugins, setPlugins] = useState<MathPlugins | null>(loaded);
  useEffect(() => {
    if (!needed || plugins) return;
    let gone = false;
    loadMathPlugins().then(
      (p) => {
        if (!gone) setPlugins(p);
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [needed, plugins]);
  return needed ? plugins : null;
}
