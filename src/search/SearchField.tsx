// The search field (SPEC §2): a plain input that the browser edits by itself, so a key press costs
// the main thread no React render. Fluent's controlled SearchBox re-rendered the whole search bar on
// every key: its input handler ran 8 ms of main-thread CPU per key (median; up to 27 ms), against
// about 1 ms (up to 6 ms) now, in scenario 12's trace (issue 13: no task over 50 ms while typing at
// 4×; benchmarks/results/search-13). The text reaches `onQuery` once typing pauses
// (SEARCH_DEBOUNCE_MS), so one search and one render run per pause, not per key. Looks like Fluent's Input.
// Test hook: data-testid="search-input" on the input.
import { memo, useEffect, useRef } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { SEARCH_DEBOUNCE_MS } from '../model/index.ts';
import { MAP_PLACES } from '../map/map_layout.ts';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    // 44 px high on a touch screen (issue 19); what sits below it is placed from the same value.
    height: MAP_PLACES.searchHeight,
    boxSizing: 'border-box',
    padding: `0 ${tokens.spacingHorizontalMNudge}`,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    color: tokens.colorNeutralForeground3,
    // Fluent's focus line: the brand colour under the field while it has the focus.
    ':focus-within': {
      borderBottomColor: tokens.colorCompoundBrandStroke,
      boxShadow: `${tokens.shadow4}, inset 0 -1px 0 ${tokens.colorCompoundBrandStroke}`,
    },
  },
  icon: { fontSize: '20px', flexShrink: 0 },
  input: {
    flexGrow: 1,
    minWidth: 0,
    alignSelf: 'stretch',
    padding: 0,
    border: 'none',
    outlineStyle: 'none',
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    '::placeholder': { color: tokens.colorNeutralForeground4, opacity: 1 },
  },
});

export interface SearchFieldProps {
  label: string;
  placeholder: string;
  /** The text, once typing pauses. */
  onQuery: (text: string) => void;
  /** Any edit or focus: the results may show again. */
  onActive: () => void;
  /** The field took the focus: a search is about to begin. */
  onFocus: () => void;
  onKeyDown: (e: React.KeyboardEvent<HTMLInputElement>) => void;
}

export const SearchField = memo(function SearchField({ label, placeholder, onQuery, onActive, onFocus, onKeyDown }: SearchFieldProps) {
  const styles = useStyles();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div className={styles.root}>
      <SearchRegular className={styles.icon} aria-hidden />
      <input
        type="search"
        name="search"
        className={styles.input}
        aria-label={label}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        data-testid="search-input"
        onInput={(e) => {
          const input = e.currentTarget;
          onActive();
          clearTimeout(timer.current);
          timer.current = setTimeout(() => onQuery(input.value), SEARCH_DEBOUNCE_MS);
        }}
        onFocus={() => {
          onActive();
          onFocus();
        }}
        onKeyDown={onKeyDown}
      />
    </div>
  );
});
