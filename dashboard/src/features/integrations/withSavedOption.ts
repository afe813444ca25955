/** The saved choice stays selectable while its list loads, or when the service no longer lists it. */
export function withSavedOption(list: { id: string; name: string }[], id: string | null, name: string | null): { id: string; name: string }[] {
  if (!id || list.some((x) => x.id === id)) return list;
  return [{ id, name: name ?? id }, ...list];
}
