// A windowed list: fixed row height, only the rows in view (plus a few) are in the DOM, so 10,000
// pending suggestions (SPEC §2 Pending changes; DESIGN "admins compare thousands") stay cheap.
// The windowing is @tanstack/react-virtual's; the ARIA is a plain list whose items say their place
// in the whole (aria-setsize / aria-posinset), which a list allows (issue 19: axe's aria-allowed-attr
// refused aria-rowcount on a list).
// Issue 14 (no main-thread task over 50 ms at CPU 4×): the rows in view are a deferred value, so a
// scroll step only moves the viewport and the rows that come into view mount in a transition, which
// React renders in slices of a few ms; rows that stay in view are memoised and not rendered again.
import { memo, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { makeStyles } from '@fluentui/react-components';
import { useVirtualizer } from '@tanstack/react-virtual';

// Sizes and offsets come from the props and the row index, so they stay inline; the rest is here.
const useStyles = makeStyles({
  viewport: { overflowY: 'auto', position: 'relative', contain: 'strict' },
  content: { position: 'relative' },
  row: { position: 'absolute', left: 0, right: 0 },
});

export interface VirtualListProps {
  count: number;
  rowHeight: number;
  /** Height of the scrolling viewport in px. */
  height: number;
  /** One row's content; keep it stable (useCallback), or every row in view renders again. */
  renderRow: (index: number) => ReactNode;
  /** Rows kept beyond each edge so fast scrolling shows no gaps. */
  overscan?: number;
  testId?: string;
}

interface RowProps {
  index: number;
  start: number;
  height: number;
  count: number;
  className: string;
  renderRow: (index: number) => ReactNode;
}

const Row = memo(function Row({ index, start, height, count, className, renderRow }: RowProps) {
  return (
    <div
      role="listitem"
      aria-setsize={count}
      aria-posinset={index + 1}
      data-index={index}
      className={className}
      style={{ top: start, height }}
    >
      {renderRow(index)}
    </div>
  );
});

const NO_ROWS: never[] = [];

export function VirtualList({ count, rowHeight, height, renderRow, overscan = 4, testId = 'virtual-list' }: VirtualListProps) {
  const styles = useStyles();
  const viewport = useRef<HTMLDivElement>(null);
  // The virtualizer reads the viewport's size and scroll offset as it gets the element, a forced
  // layout; given after the first paint, that layout is already done instead of inside the commit
  // that inserted the list (with a drawer around it).
  const [attached, setAttached] = useState(false);
  useEffect(() => setAttached(true), []);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => (attached ? viewport.current : null),
    estimateSize: () => rowHeight,
    overscan,
    // The first paint (and a test's DOM) has the viewport's size before any resize observation.
    initialRect: { width: 0, height },
    // Scroll updates render at the scroll's priority, not inside the scroll handler (flushSync).
    useFlushSync: false,
  });
  const rows = useDeferredValue(virtualizer.getVirtualItems(), NO_ROWS);
  return (
    // Focusable, so a keyboard user can scroll the list (axe scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is operated with the keyboard
    <div ref={viewport} tabIndex={0} data-testid={testId} className={styles.viewport} style={{ height }}>
      <div role="list" className={styles.content} style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => (
          <Row
            key={row.key}
            index={row.index}
            start={row.start}
            height={rowHeight}
            count={count}
            className={styles.row}
            renderRow={renderRow}
          />
        ))}
      </div>
    </div>
  );
}
