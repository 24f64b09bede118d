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
    // Square corners and a low shadow (issue 17): Fluent's shadow28 on corners rounded on top only made
    // the first tap's frames compile nine GPU programs (Skia's, and the driver's under them: 60–110 ms of
    // CPU at 4× on the pinned core, and the next tap's frames late); a square sheet with a shadow as low as
    // the first screen's bars draws with the programs they made (benchmarks/tools/first_tap_programs.ts).
    // The sheet spans the screen's width, so square corners sit at its edges.
    '--fui-Card--border-radius': '0',
    boxShadow: tokens.shadow8,
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
