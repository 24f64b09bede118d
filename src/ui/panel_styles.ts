// The panel's (src/ui/Panel.tsx) own styles, apart so that StylePrewarm can insert their rules before
// the first tap without loading the panel's code on the first screen (issue 17).
import { makeStyles, tokens } from '@fluentui/react-components';
import { MAP_PLACES } from '../map/map_layout.ts';

export const usePanelStyles = makeStyles({
  surface: { maxWidth: '640px' },
  card: {
    position: 'absolute',
    top: '12px',
    width: 'min(400px, calc(100% - 56px))',
    maxHeight: 'calc(100% - 24px)',
    overflow: 'auto',
    zIndex: 20,
  },
  right: { right: '12px' },
  // The left card starts right of the OL zoom buttons.
  left: { left: MAP_PLACES.besideZoom },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  title: { fontSize: tokens.fontSizeBase400, overflowWrap: 'anywhere' },
  // Close stays a 44 px target.
  close: { minHeight: '44px', minWidth: '44px', flexShrink: 0 },
  sheet: {
    position: 'absolute',
    left: 0,
    right: 0,
    bottom: 0,
    // The upper half of the map stays free for the feature (and, while drawing, the finger).
    maxHeight: '48%',
    // The header and the foot stay put; only the content between them scrolls, so no control of
    // the sheet ever lies under another part of it (issue 19).
    overflow: 'hidden',
    zIndex: 20,
    borderBottomLeftRadius: 0,
    borderBottomRightRadius: 0,
    boxShadow: tokens.shadow28,
    paddingTop: 0,
    // 44 px touch targets (issue 19), whatever size the content's controls were made in.
    '& button, & [role=tab], & select': { minHeight: '44px' },
    '& button': { minWidth: '44px' },
  },
  sheetHeader: { paddingTop: tokens.spacingVerticalXS, flexShrink: 0 },
  // A Card is a flex column: the content's parts keep their height and it scrolls, not squeezes them.
  sheetBody: {
    flexShrink: 1,
    minHeight: 0,
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    // Room for the focus outline of a control at the edge.
    padding: '2px',
    margin: '-2px',
    '& > *': { flexShrink: 0 },
  },
  // See DOUBLE_CLICK_MS.
  passThrough: { pointerEvents: 'none' },
  // Where the edit toolbar docks (sheet_footer.ts); takes no room while empty.
  sheetFooter: { display: 'flex', justifyContent: 'center', flexShrink: 0, '&:empty': { display: 'none' } },
});
