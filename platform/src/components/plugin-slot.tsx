import { pagePlugins } from '@toolbox/plugins/registry';
import type { SlotName } from '@toolbox/sdk';
import { type ComponentType, lazy, Suspense } from 'react';

type Filled = { id: string; Component: ComponentType }[];

/** Every plugin's component for each slot, each lazy (its own chunk), in the registry's order. */
const filled = new Map<SlotName, Filled>();
function fillersOf(name: SlotName): Filled {
  let list = filled.get(name);
  if (!list) {
    list = pagePlugins.flatMap((plugin) => {
      const load = plugin.slots?.[name];
      return load ? [{ id: plugin.id, Component: lazy(load) }] : [];
    });
    filled.set(name, list);
  }
  return list;
}

/** Whether any plugin fills the slot (a layout may leave out the slot's frame otherwise). */
export function slotIsFilled(name: SlotName): boolean {
  return fillersOf(name).length > 0;
}

/** Renders what plugins put in the slot, after the first paint; nothing while it loads. */
export function PluginSlot({ name }: { name: SlotName }) {
  const list = fillersOf(name);
  if (list.length === 0) return null;
  return (
    <Suspense fallback={null}>
      {list.map(({ id, Component }) => (
        <Component key={id} />
      ))}
    </Suspense>
  );
}
