/** The attributes that make a scrolling box reachable by keyboard and named for a screen reader. */
export function scrollRegionProps(label: string) {
  return { tabIndex: 0, role: 'region', 'aria-label': label } as const;
}
