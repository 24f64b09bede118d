// Issue 17: the first tap on a feature paid for inserting the prompt's Fluent CSS rules (each insertion
// restyles the whole page) in the task that showed it. StylePrewarm renders those components once,
// hidden, when it is told to (idle time after the features are drawn): the prompt then inserts none.
import { afterEach, describe, expect, it } from 'vitest';
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
import { LoadingSpinner } from '../../src/ui/LoadingSpinner.tsx';
import { StylePrewarm, type PrewarmSchedule } from '../../src/ui/StylePrewarm.tsx';
import { byTestId, render, unmount } from './shell_harness.tsx';

afterEach(unmount);

/** Every CSS rule the page holds (Griffel inserts into its own style elements). */
const ruleCount = () => [...document.styleSheets].reduce((n, sheet) => n + sheet.cssRules.length, 0);

/** The prompt's Fluent parts as src/ui/Panel.tsx and src/features/FeaturePrompt.tsx use them. */
function PromptParts() {
  return (
    <Card data-testid="prompt-parts">
      <TabList size="small" selectedValue="properties">
        <Tab value="properties">Properties</Tab>
        <Tab value="history">History</Tab>
      </TabList>
      <Table size="small">
        <TableBody>
          <TableRow>
            <TableCell>name</TableCell>
            <TableCell>Paris</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Button size="small" appearance="primary">
        Edit
      </Button>
      <Button size="small">Delete</Button>
      <Button size="small" appearance="subtle">
        Close
      </Button>
      <LoadingSpinner size="tiny" />
    </Card>
  );
}

/** A confirmation's body (src/dialogs/ConfirmDialog.tsx) and a notification (src/screens/Notifier.tsx). */
function NoticeParts() {
  return (
    <div data-testid="notice-parts">
      <DialogBody>
        <DialogTitle>Delete?</DialogTitle>
        <DialogContent>Suggest deleting Paris?</DialogContent>
        <DialogActions>
          <Button>Cancel</Button>
          <Button appearance="primary">Suggest</Button>
        </DialogActions>
      </DialogBody>
      <Toast>
        <ToastTitle
          action={
            <Button size="small" appearance="transparent">
              Close
            </Button>
          }
        >
          Saved
        </ToastTitle>
      </Toast>
    </div>
  );
}

describe('style prewarm', () => {
  it('inserts the rules of the prompt, the confirmation and the notification when told to and leaves nothing on the page, so they insert none', async () => {
    let go: (() => void) | undefined;
    const when: PrewarmSchedule = (start) => {
      go = start;
      return () => undefined;
    };
    await render(<StylePrewarm when={when} />);
    const before = ruleCount();
    expect(byTestId('style-prewarm')).toBeNull();
    go?.();
    await expect.poll(() => ruleCount()).toBeGreaterThan(before);
    await expect.poll(() => byTestId('style-prewarm')).toBeNull();
    const warmed = ruleCount();

    await render(<PromptParts />);
    expect(byTestId('prompt-parts')).not.toBeNull();
    expect(ruleCount()).toBe(warmed);
    await render(<NoticeParts />);
    expect(byTestId('notice-parts')).not.toBeNull();
    expect(ruleCount()).toBe(warmed);
  });
});
