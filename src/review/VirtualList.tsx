// A windowed list: fixed row height, only the rows in view (plus a few) are in the DOM, so 10,000
// pending suggestions (SPEC §2 Pending changes; DESIGN "admins compare thousands") stay cheap.
import { useState, type ReactNode } from 'react';
import { makeStyles } from '@fluentui/react-components';

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
  renderRow: (index: number) => ReactNode;
  /** Rows kept beyond each edge so fast scrolling shows no gaps. */
  overscan?: number;
  testId?: string;
}

/** The rows [start, end) to render for a scroll position. */
export function visibleRange(scrollTop: number, height: number, rowHeight: number, count: number, overscan: number) {
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  return { start, end };
}

export function VirtualList({ count, rowHeight, height, renderRow, overscan = 4, testId = 'virtual-list' }: VirtualListProps) {
  const styles = useStyles();
  const [scrollTop, setScrollTop] = useState(0);
  const { start, end } = visibleRange(scrollTop, height, rowHeight, count, overscan);
  const rows: ReactNode[] = [];
  for (let i = start; i < end; i++) {
    rows.push(
      <div key={i} role="listitem" data-index={i} className={styles.row} style={{ top: i * rowHeight, height: rowHeight }}>
        {renderRow(i)}
      </div>,
    );
  }
  return (
    <div
      data-testid={testId}
      role="list"
      aria-rowcount={count}
      className={styles.viewport}
      style={{ height }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
    >
      <div className={styles.content} style={{ height: count * rowHeight }}>
        {rows}
      </div>
    </div>
  );
}
