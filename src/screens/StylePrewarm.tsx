// Issue 17: a Fluent component inserts its CSS rules the first time it renders, and each insertion
// makes the browser compute every element's style again. The first tap on a feature paid for the
// prompt's card, tabs, table, buttons and spinner in the task that showed it (traced at 4× CPU: 137 ms
// of CPU, 52 of them in the style and layout its focus forced, against 48 ms for a later tap). Rendered
// once, hidden, when the page is idle after the features are drawn and the chunks are fetched, their
// rules are in before the first tap. Griffel never removes a rule, so the hidden copy goes at once.
// The prompt's own styles (its sheet, its layout, the property table, the values' renderers and the
// export menu) too:
// 25 rules went in with the first tap without them.
// The confirmation's and the notification's parts too (issue 14): the first toast's entrance measures
// its height, and with its rules just inserted that forced layout restyled much more than the toast.
import { useEffect, useState } from 'react';
import {
  Button,
  Card,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Toast,
  ToastTitle,
} from '@fluentui/react-components';
import { LoadingSpinner } from '../ui/LoadingSpinner.tsx';
import { usePanelStyles } from '../ui/panel_styles.ts';
import { usePropertyTableStyles, useRendererStyles } from '../ui/property_styles.ts';
import { usePromptStyles } from '../features/prompt_styles.ts';
import { useExportMenuStyles } from '../interop/export/export_menu_styles.ts';

/** Schedules `go` (the moment to insert the rules); returns the cancel. */
export type PrewarmSchedule = (go: () => void) => () => void;

/** Inserts the rules of the prompt's own makeStyles hooks (each inserts all of its rules on first use). */
function OwnStyles() {
  usePanelStyles();
  usePromptStyles();
  usePropertyTableStyles();
  useRendererStyles();
  useExportMenuStyles();
  return null;
}

export function StylePrewarm({ when }: { when: PrewarmSchedule }) {
  const [phase, setPhase] = useState<'waiting' | 'rendering' | 'done'>('waiting');
  useEffect(() => when(() => setPhase((p) => (p === 'waiting' ? 'rendering' : p))), [when]);
  useEffect(() => {
    if (phase === 'rendering') setPhase('done');
  }, [phase]);
  if (phase !== 'rendering') return null;
  // The variants the feature prompt and its sheet use (src/ui/Panel.tsx, src/features/).
  return (
    <div hidden aria-hidden data-testid="style-prewarm">
      <OwnStyles />
      <Card>
        <TabList size="small" selectedValue="a">
          <Tab value="a">a</Tab>
          <Tab value="b">b</Tab>
        </TabList>
        <Table size="small">
          <TableBody>
            <TableRow>
              <TableCell>a</TableCell>
            </TableRow>
          </TableBody>
        </Table>
        <Button>a</Button>
        <Button appearance="primary">a</Button>
        <Button size="small">a</Button>
        <Button size="small" appearance="primary">
          a
        </Button>
        <Button size="small" appearance="subtle">
          a
        </Button>
        <LoadingSpinner size="tiny" />
        <LoadingSpinner size="small" />
      </Card>
      {/* src/dialogs/ConfirmDialog.tsx and src/screens/Notifier.tsx */}
      <DialogBody>
        <DialogTitle>a</DialogTitle>
        <DialogContent>a</DialogContent>
        <DialogActions>
          <Button>a</Button>
        </DialogActions>
      </DialogBody>
      <Toast>
        <ToastTitle
          action={
            <Button size="small" appearance="transparent">
              a
            </Button>
          }
        >
          a
        </ToastTitle>
      </Toast>
    </div>
  );
}
