// Issue 17: the parts StylePrewarm renders once, hidden, to insert their CSS rules before the first tap
// (the variants the feature prompt and its sheet use, src/ui/Panel.tsx and src/features/; the
// confirmation's and the notification's). A chunk of their own: the first screen draws none of them,
// and imported by the prewarm itself they were ≈ 100 kB of the entry bundle that every visit compiles.
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

/** Inserts the rules of the prompt's own makeStyles hooks (each inserts all of its rules on first use). */
function OwnStyles() {
  usePanelStyles();
  usePromptStyles();
  usePropertyTableStyles();
  useRendererStyles();
  useExportMenuStyles();
  return null;
}

export function PrewarmParts() {
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
