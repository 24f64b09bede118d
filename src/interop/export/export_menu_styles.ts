// The export menu's (ExportMenu.tsx) own styles, apart so that StylePrewarm can insert their rules
// before the first feature prompt shows the menu (issue 17).
import { makeStyles } from '@fluentui/react-components';

// Issue 19: 44 px touch targets on a phone, for the button and each format.
export const useExportMenuStyles = makeStyles({
  touch: { '@media (max-width: 599px)': { minHeight: '44px', minWidth: '44px' } },
});
