import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The tabs of an admin screen (payments and refunds, owed and paid…): each panel is mounted only while it
 * is shown, so it loads its data when it is opened. Controlled with `value` and `onChange`, or not.
 */
export function AdminTabs<V extends string>({
  tabs,
  defaultValue,
  value,
  onChange,
}: {
  tabs: readonly { value: V; label: string; panel: ReactNode }[];
  defaultValue?: V;
  value?: V;
  onChange?: (value: V) => void;
}) {
  return (
    <Tabs
      defaultValue={defaultValue}
      value={value}
      onChange={(next) => {
        if (next !== null) onChange?.(next as V);
      }}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
