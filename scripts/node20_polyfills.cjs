// vitest 5 reports failures with Map.groupBy / Object.groupBy, which Node 20 lacks (Node 21+ has them).
// Without this a failing test crashes the reporter instead of printing what failed.
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = function groupBy(items, keyOf) {
    const groups = new Map();
    let i = 0;
    for (const item of items) {
      const key = keyOf(item, i++);
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
    return groups;
  };
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = function groupBy(items, keyOf) {
    const groups = Object.create(null);
    for (const [key, group] of Map.groupBy(items, keyOf)) groups[key] = group;
    return groups;
  };
}
