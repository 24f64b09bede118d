// Issue 17: the parts StylePrewarm renders once, hidden, to insert their CSS rules before the first tap
// (the variants the feature prompt and its sheet use, src/ui/Panel.tsx and src/features/; the
// confirmation's and the notification's). A chunk of their own: the first screen draws none of them,
// and imported by the prewarm itself they were ≈ 100 kB of the entry bundle that every visit compiles.
// One part per idle period: all of them in one commit were a task of 170 ms at 4× CPU slowdown (profiled;
// its render and Griffel's rule insertion), which a pan begun then would meet.
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
import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { LoadingSpinner } from '../ui/LoadingSpinner.tsx';
import { usePanelStyles } from '../ui/panel_styles.ts';
import { usePropertyTableStyles, useRendererStyles } from '../ui/property_styles.ts';
import { usePromptStyles } from '../features/prompt_styles.ts';
import { useExportMenuStyles } from '../interop/export/export_menu_styles.ts';

/** Inserts the rules of the prompt's own makeStyles hooks (each inserts all of its rules on first use). */
function OwnStyles() {
  usePanelStyles();
  usePromptStyles();
  usePropertyTableStyles();
  useRendererStyles();
  useExportMenuStyles();
  return null;
}

/** The prompt's sheet: its card and tabs (src/ui/Panel.tsx, src/features/FeaturePrompt.tsx). */
function CardAndTabs() {
  return (
    <Card>
      <TabList size="small" selectedValue="a">
        <Tab value="a">a</Tab>
        <Tab value="b">b</Tab>
      </TabList>
    </Card>
  );
}

/** The property table, the prompt's buttons and its spinners. */
function TableAndButtons() {
  return (
    <>
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
    </>
  );
}

/** src/dialogs/ConfirmDialog.tsx and src/screens/Notifier.tsx. */
function ConfirmationAndToast() {
  return (
    <>
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
    </>
  );
}

const PARTS: ComponentType[] = [OwnStyles, CardAndTabs, TableAndButtons, ConfirmationAndToast];

/**
 * Renders the parts hidden, one after the other: each once `next` says (an idle period with the input
 * quiet, in the app), as a transition (React yields between components); `onDone` after the last.
 */
export function PrewarmParts({ next, onDone }: { next: (task: () => void) => void; onDone: () => void }) {
  const [part, setPart] = useState(0);
  useEffect(() => {
    let live = true;
    next(() => {
      if (!live) return;
      if (part + 1 < PARTS.length) startTransition(() => setPart(part + 1));
      else onDone();
    });
    return () => {
      live = false;
    };
  }, [part, next, onDone]);
  const Part = PARTS[part]!;
  return (
    <div hidden aria-hidden data-testid="style-prewarm">
      <Part />
    </div>
  );
}
