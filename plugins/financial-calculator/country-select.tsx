/**
 * The searchable country list of the inflation adjustment. Mantine's Select brings its combobox,
 * popover and floating-ui (about 30 KB gzip), so the view loads this module only when that
 * calculation is chosen.
 */
import { Select, type SelectProps } from '@mantine/core';

export default function CountrySelect(props: SelectProps) {
  return <Select {...props} />;
}
